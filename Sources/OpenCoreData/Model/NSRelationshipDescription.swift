import Foundation

/// A relationship of an entity: a property whose values are other managed objects.
open class NSRelationshipDescription: NSPropertyDescription, @unchecked Sendable {
    /// The entity of the objects at the other end.
    ///
    /// Not retained, as in Core Data: the model (or whoever builds it) keeps its entities alive, so that
    /// entities relating to each other do not keep each other, and their model, alive.
    open unowned var destinationEntity: NSEntityDescription? { didSet { checkMutable() } }
    /// The relationship that points back, kept in step with this one.
    ///
    /// Not retained, as in Core Data: its entity keeps it alive.
    open unowned var inverseRelationship: NSRelationshipDescription? { didSet { checkMutable() } }
    /// The minimum number of destination objects, checked at save. The default is 0.
    open var minCount: Int = 0 { didSet { checkMutable() } }
    /// The maximum number of destination objects; 1 makes a to-one, 0 means no limit. The default is 0.
    open var maxCount: Int = 0 { didSet { checkMutable() } }
    /// What happens to the destination objects when the source object is deleted. The default is nullify.
    open var deleteRule: NSDeleteRule = .nullifyDeleteRule { didSet { checkMutable() } }
    /// Whether a to-many relationship keeps its objects in order (as an `NSOrderedSet`).
    open var isOrdered: Bool = false { didSet { checkMutable() } }

    /// Whether the relationship holds several objects, that is whether `maxCount` is not 1.
    open var isToMany: Bool { maxCount != 1 }

    /// Creates a to-many relationship description with no destination.
    override public init() {
        super.init()
    }
}
