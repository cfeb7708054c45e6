/// A context held without keeping it alive: coordinators and parent contexts list the contexts that
/// save to them this way.
struct WeakContext {
    weak var context: NSManagedObjectContext?
}
