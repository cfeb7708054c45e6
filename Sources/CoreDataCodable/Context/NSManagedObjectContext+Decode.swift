import Foundation

extension NSManagedObjectContext {
    /// Decodes any `Decodable` response, such as a page struct with several `Many` fields and
    /// managed objects, as one import into this context: all or nothing.
    ///
    /// ```swift
    /// struct Page: Decodable { let bands: Many<Band>; let albums: Many<Album> }
    /// let page = try context.decode(Page.self, from: data, using: decoder)
    /// ```
    ///
    /// Every managed object the response holds is decoded in one session: a failure anywhere, in
    /// a later field too, undoes everything the response inserted or changed, and leaves the
    /// context as it was. `decoder`'s context is set to this context. Nothing is saved.
    public func decode<Response: Decodable>(_ type: Response.Type, from data: Data, using decoder: JSONDecoder = JSONDecoder()) throws -> Response {
        decoder.managedObjectContext = self
        return try ImportSession.run(in: self) { _ in try decoder.decode(type, from: data) }
    }
}
