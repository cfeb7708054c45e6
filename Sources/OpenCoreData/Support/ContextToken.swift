/// A context's identity as its objects hold it.
///
/// Objects keep a strong reference to their context's token and compare tokens on hot paths
/// (relating objects, inserting) instead of loading a weak reference to the context each time;
/// `managedObjectContext` reads the token's weak reference, nil once the context is gone.
final class ContextToken {
    weak var context: NSManagedObjectContext?
}
