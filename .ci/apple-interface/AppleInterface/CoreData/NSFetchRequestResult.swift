/// https://developer.apple.com/documentation/coredata/nsfetchrequestresult
public protocol NSFetchRequestResult: NSObjectProtocol {}

/// Core Data declares these Foundation classes fetch results (dictionary and count result types).
extension NSNumber: NSFetchRequestResult {}
extension NSDictionary: NSFetchRequestResult {}
