import Foundation

/// Fetches a request's objects, groups them in sections, and, while it has a delegate, keeps them
/// in step with the context: as objects are inserted, deleted and changed (at each
/// `processPendingChanges()`, save, and merge), it tells the delegate which objects and sections
/// were inserted, deleted, moved or updated, with their index paths.
///
/// Create it with a request that has sort descriptors (with a `sectionNameKeyPath`, the first one
/// must order the sections), call `performFetch()`, then read `sections` and `object(at:)`; set
/// `delegate` to follow the changes. Index paths are `[section, row]`.
open class NSFetchedResultsController<ResultType>: NSObject {
    /// The request the controller fetches; read at each `performFetch()`.
    public let fetchRequest: NSFetchRequest<ResultType>
    /// The context the controller fetches from and follows.
    public var managedObjectContext: NSManagedObjectContext { core.context }
    /// The key path whose value names each object's section; nil for one section.
    public var sectionNameKeyPath: String? { core.sectionNameKeyPath }
    /// The cache name given at creation. OpenCoreData keeps no section cache: it is not used.
    public let cacheName: String?

    let core: FetchedResultsCore
    /// The type-erased controller the delegate receives, when this one is not of that type itself.
    private var erasedController: NSFetchedResultsController<any NSFetchRequestResult>?

    /// Creates a controller of `fetchRequest`'s objects in `context`, grouped by the value of
    /// `sectionNameKeyPath` (nil for one section). `cacheName` is kept but not used.
    public init(fetchRequest: NSFetchRequest<ResultType>, managedObjectContext context: NSManagedObjectContext, sectionNameKeyPath: String?, cacheName name: String?) {
        self.fetchRequest = fetchRequest
        cacheName = name
        core = FetchedResultsCore(context: context, sectionNameKeyPath: sectionNameKeyPath)
        super.init()
        core.indexTitleProvider = { [weak self] name in self?.sectionIndexTitle(forSectionName: name) }
        if let erased = self as? NSFetchedResultsController<any NSFetchRequestResult> {
            core.delegateController = erased
        } else {
            let erased = NSFetchedResultsController<any NSFetchRequestResult>(sharing: core, request: fetchRequest.erased(), cacheName: name)
            erasedController = erased
            core.delegateController = erased
        }
    }

    /// A controller over `core`'s state, for the delegate of a controller of another result type.
    private init(sharing core: FetchedResultsCore, request: NSFetchRequest<ResultType>, cacheName name: String?) {
        fetchRequest = request
        cacheName = name
        self.core = core
        super.init()
    }

    /// Removes the cache named `name`, or all caches for nil. OpenCoreData keeps none: does nothing.
    open class func deleteCache(withName name: String?) {}

    /// The object told of changes; while it is nil the controller does not follow the context.
    public weak var delegate: (any NSFetchedResultsControllerDelegate)? {
        get { core.delegate }
        set { core.delegate = newValue }
    }

    /// Fetches the request's objects and builds the sections. Throws when the request has no sort
    /// descriptors, names no entity, its section key path names no property, or the fetch fails.
    open func performFetch() throws {
        try core.performFetch(fetchRequest)
    }

    /// The fetched objects, in section order; nil before `performFetch()`.
    open var fetchedObjects: [ResultType]? {
        guard core.sections != nil else { return nil }
        return core.objects.compactMap { $0 as? ResultType }
    }

    /// The sections; nil before `performFetch()`.
    open var sections: [any NSFetchedResultsSectionInfo]? {
        core.sections
    }

    /// The object at `indexPath` (`[section, row]`). An index path outside the results stops with a
    /// message, as Core Data raises.
    open func object(at indexPath: IndexPath) -> ResultType {
        let object = core.object(at: indexPath)
        guard let result = object as? ResultType else {
            preconditionFailure("The object at \(indexPath) is not a \(ResultType.self)")
        }
        return result
    }

    /// The index path of `object`, nil when it is not among the fetched objects.
    open func indexPath(forObject object: ResultType) -> IndexPath? {
        guard let object = object as? NSManagedObject else { return nil }
        return core.indexPath(of: object)
    }

    /// The section index title for a section name: by default its capitalized first letter.
    open func sectionIndexTitle(forSectionName sectionName: String) -> String? {
        FetchedResultsCore.defaultIndexTitle(forSectionName: sectionName)
    }

    /// The index titles of the sections, each once, in section order.
    open var sectionIndexTitles: [String] {
        var seen = Set<String>()
        return (core.sections ?? []).compactMap(\.indexTitle).filter { seen.insert($0).inserted }
    }

    /// The index of the first section whose index title is `title`, else `sectionIndex` within
    /// the sections.
    open func section(forSectionIndexTitle title: String, at sectionIndex: Int) -> Int {
        let sections = core.sections ?? []
        if let index = sections.firstIndex(where: { $0.indexTitle == title }) { return index }
        return max(0, min(sectionIndex, sections.count - 1))
    }

    override open func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? FetchedResultsCoreHolder else { return false }
        return other.sharedCore === core
    }

    override open var hash: Int {
        ObjectIdentifier(core).hashValue
    }
}

/// A controller of any result type, seen through the state it shares with its type-erased twin.
protocol FetchedResultsCoreHolder {
    var sharedCore: FetchedResultsCore { get }
}

extension NSFetchedResultsController: FetchedResultsCoreHolder {
    var sharedCore: FetchedResultsCore { core }
}
