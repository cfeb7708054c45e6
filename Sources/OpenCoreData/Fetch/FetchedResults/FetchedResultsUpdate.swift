import Foundation

/// The new order of a fetched results controller's objects after a change notification, and which
/// objects left, entered, or changed and stayed.
///
/// Objects the notification does not name keep their relative order. A changed object that still
/// sorts between its old neighbours among those stays in place; others are placed where the sort
/// descriptors put them, after any objects that compare equal.
struct FetchedResultsUpdate {
    /// All objects in their new order.
    private(set) var objects: [NSManagedObject] = []
    /// Objects that left the results.
    private(set) var removed: [NSManagedObject] = []
    /// Objects that entered the results.
    private(set) var added: [NSManagedObject] = []
    /// Changed objects that stay, each with whether it kept its place among the other objects.
    private(set) var kept: [(object: NSManagedObject, inPlace: Bool)] = []

    var isEmpty: Bool { removed.isEmpty && added.isEmpty && kept.isEmpty }

    private struct Placement {
        let object: NSManagedObject
        /// The number of unchanged objects before it.
        let gap: Int
        /// Orders equal objects in one gap: the old position of a kept object, later for new ones.
        let tiebreak: Int
        let oldGap: Int?
    }

    init(old: [NSManagedObject], inserted: [NSManagedObject], deleted: [NSManagedObject], changed: [NSManagedObject], query: FetchedResultsQuery) {
        var oldPosition: [ObjectIdentifier: Int] = [:]
        for (position, object) in old.enumerated() { oldPosition[ObjectIdentifier(object)] = position }
        var seen = Set<ObjectIdentifier>()
        var leaving = Set<ObjectIdentifier>()
        var candidates: [NSManagedObject] = []
        for object in deleted where seen.insert(ObjectIdentifier(object)).inserted && oldPosition[ObjectIdentifier(object)] != nil {
            removed.append(object)
            leaving.insert(ObjectIdentifier(object))
        }
        for object in changed + inserted where seen.insert(ObjectIdentifier(object)).inserted {
            let wasFetched = oldPosition[ObjectIdentifier(object)] != nil
            if query.matches(object) {
                candidates.append(object)
                if wasFetched { leaving.insert(ObjectIdentifier(object)) } else { added.append(object) }
            } else if wasFetched {
                removed.append(object)
                leaving.insert(ObjectIdentifier(object))
            }
        }
        guard !leaving.isEmpty || !candidates.isEmpty else { return }

        var stable: [NSManagedObject] = []
        var stableBefore = [Int](repeating: 0, count: old.count)
        for (position, object) in old.enumerated() {
            stableBefore[position] = stable.count
            if !leaving.contains(ObjectIdentifier(object)) { stable.append(object) }
        }
        let placements = Self.place(candidates, among: stable, oldPosition: oldPosition, stableBefore: stableBefore, query: query)
        objects.reserveCapacity(stable.count + placements.count)
        var next = placements.startIndex
        for gap in 0...stable.count {
            while next < placements.endIndex, placements[next].gap == gap {
                objects.append(placements[next].object)
                next += 1
            }
            if gap < stable.count { objects.append(stable[gap]) }
        }
        kept = Self.keptObjects(placements)
    }

    /// Where each candidate goes among the unchanged objects, in the new order.
    private static func place(
        _ candidates: [NSManagedObject], among stable: [NSManagedObject], oldPosition: [ObjectIdentifier: Int],
        stableBefore: [Int], query: FetchedResultsQuery
    ) -> [Placement] {
        func fits(_ object: NSManagedObject, _ gap: Int) -> Bool {
            (gap == 0 || query.compare(stable[gap - 1], object) != .orderedDescending)
                && (gap == stable.count || query.compare(object, stable[gap]) != .orderedDescending)
        }
        func upperBound(_ object: NSManagedObject) -> Int {
            var low = 0, high = stable.count
            while low < high {
                let middle = (low + high) / 2
                if query.compare(object, stable[middle]) == .orderedAscending { high = middle } else { low = middle + 1 }
            }
            return low
        }
        let placements = candidates.enumerated().map { order, object in
            if let position = oldPosition[ObjectIdentifier(object)] {
                let oldGap = stableBefore[position]
                return Placement(object: object, gap: fits(object, oldGap) ? oldGap : upperBound(object), tiebreak: position, oldGap: oldGap)
            }
            return Placement(object: object, gap: upperBound(object), tiebreak: stableBefore.count + order, oldGap: nil)
        }
        return placements.sorted { lhs, rhs in
            if lhs.gap != rhs.gap { return lhs.gap < rhs.gap }
            let order = query.compare(lhs.object, rhs.object)
            if order != .orderedSame { return order == .orderedAscending }
            return lhs.tiebreak < rhs.tiebreak
        }
    }

    /// The kept objects, each in place when it is in its old gap at its old rank among the kept
    /// objects that stayed in that gap.
    private static func keptObjects(_ placements: [Placement]) -> [(object: NSManagedObject, inPlace: Bool)] {
        var stayedByGap: [Int: [Int]] = [:]
        for (index, placement) in placements.enumerated() where placement.oldGap == placement.gap {
            stayedByGap[placement.gap, default: []].append(index)
        }
        var inPlace = Set<Int>()
        for indices in stayedByGap.values {
            let oldOrder = indices.sorted { placements[$0].tiebreak < placements[$1].tiebreak }
            for (rank, index) in indices.enumerated() where oldOrder[rank] == index { inPlace.insert(index) }
        }
        return placements.enumerated().compactMap { index, placement in
            placement.oldGap == nil ? nil : (placement.object, inPlace.contains(index))
        }
    }
}
