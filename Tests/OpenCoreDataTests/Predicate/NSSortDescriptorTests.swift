#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif
import Foundation
import Testing

@Suite("NSSortDescriptor")
struct NSSortDescriptorTests {
    private func names(_ objects: [[String: Any]], sortedBy descriptors: [NSSortDescriptor]) -> [String] {
        let sorted = (objects as NSArray).sortedArray { lhs, rhs in
            for descriptor in descriptors {
                let order = descriptor.compare(lhs, to: rhs)
                if order != .orderedSame { return order }
            }
            return .orderedSame
        }
        return sorted.compactMap { ($0 as? [String: Any])?["name"] as? String }
    }

    @Test("ascending by string")
    func ascendingByName() {
        let result = names(PredicateFixtures.people.reversed(), sortedBy: [NSSortDescriptor(key: "name", ascending: true)])
        #expect(result == ["Alice", "Bob", "Chloé", "Dan"])
    }

    @Test("descending across mixed numeric types")
    func descendingMixedNumbers() {
        let result = names(PredicateFixtures.people, sortedBy: [NSSortDescriptor(key: "score", ascending: false)])
        #expect(result == ["Alice", "Chloé", "Bob", "Dan"])
    }

    @Test("ascending across Int16, Int, NSNumber and Int64")
    func ascendingMixedIntegers() {
        let result = names(PredicateFixtures.people.reversed(), sortedBy: [NSSortDescriptor(key: "age", ascending: true)])
        #expect(result == ["Bob", "Alice", "Chloé", "Dan"])
    }

    // OpenCoreData's deliberate difference "Sorting nil": nil orders before any value.
    #if !canImport(CoreData)
    @Test("nil sorts first when ascending")
    func nilFirstAscending() {
        let result = names(PredicateFixtures.people, sortedBy: [NSSortDescriptor(key: "country.code", ascending: true)])
        #expect(result == ["Chloé", "Dan", "Bob", "Alice"])
    }

    @Test("nil sorts last when descending")
    func nilLastDescending() {
        let result = names(PredicateFixtures.people, sortedBy: [NSSortDescriptor(key: "country.code", ascending: false)])
        #expect(result == ["Alice", "Bob", "Chloé", "Dan"])
    }
    #endif

    @Test("later descriptors break ties")
    func tieBreak() {
        let descriptors = [NSSortDescriptor(key: "active", ascending: false), NSSortDescriptor(key: "age", ascending: false)]
        #expect(names(PredicateFixtures.people, sortedBy: descriptors) == ["Chloé", "Alice", "Dan", "Bob"])
    }

    @Test("dates order chronologically")
    func dates() {
        let result = names(PredicateFixtures.people, sortedBy: [NSSortDescriptor(key: "joined", ascending: true)])
        #expect(result == ["Dan", "Bob", "Alice", "Chloé"])
    }

    @Test("compare(_:to:) reports the order of two objects")
    func compare() {
        let descriptor = NSSortDescriptor(key: "age", ascending: true)
        #expect(descriptor.compare(["age": 1], to: ["age": 2.5]) == .orderedAscending)
    }

    @Test("equal values compare as same")
    func compareSame() {
        let descriptor = NSSortDescriptor(key: "age", ascending: false)
        #expect(descriptor.compare(["age": 2], to: ["age": NSNumber(value: 2.0)]) == .orderedSame)
    }

    @Test("reversedSortDescriptor flips the direction")
    func reversed() throws {
        let reversed = try #require(NSSortDescriptor(key: "age", ascending: true).reversedSortDescriptor as? NSSortDescriptor)
        #expect(reversed.key == "age")
        #expect(reversed.ascending == false)
    }

    @Test("a comparator decides the order of values")
    func comparator() {
        let byLength = NSSortDescriptor(key: "name", ascending: true) { lhs, rhs in
            let left = (lhs as? String)?.count ?? 0, right = (rhs as? String)?.count ?? 0
            return left < right ? .orderedAscending : (left > right ? .orderedDescending : .orderedSame)
        }
        #expect(names(PredicateFixtures.people, sortedBy: [byLength, NSSortDescriptor(key: "name", ascending: true)])
            == ["Bob", "Dan", "Alice", "Chloé"])
    }

    @Test("a nil key compares the objects themselves")
    func nilKey() {
        #expect(NSSortDescriptor(key: nil, ascending: true).compare("b", to: "a") == .orderedDescending)
    }
}
