import Foundation

extension Array {
    /// The elements ordered by `descriptors` (first descriptor first, later ones break ties), keeping the original
    /// order of elements that compare equal under all of them.
    ///
    /// Each descriptor's key path is evaluated once per element before sorting, so the cost of key lookups is linear.
    func sorted(byDescriptors descriptors: [NSSortDescriptor]) -> [Element] {
        guard !descriptors.isEmpty, count > 1 else { return self }
        let keys = map { element in descriptors.map { $0.sortValue(of: element) } }
        let order = indices.sorted { left, right in
            for (position, descriptor) in descriptors.enumerated() {
                let result = descriptor.compareSortValues(keys[left][position], keys[right][position])
                if result != .orderedSame { return result == .orderedAscending }
            }
            return left < right
        }
        return order.map { self[$0] }
    }
}
