#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif
import Foundation
import Testing

// Uniqueness constraints (NSEntityDescription.uniquenessConstraints) are checked at save. With the
// default NSErrorMergePolicy a conflict fails the save with NSManagedObjectConstraintMergeError
// (133021); NSMergeByPropertyObjectTrumpMergePolicy resolves it in favour of the in-memory
// values, updating the existing row instead of inserting a duplicate (upsert).

private func product(_ sku: String, name: String, price: Int64, in context: NSManagedObjectContext) -> Product {
    let product = Product(context: context)
    product.sku = sku
    product.name = name
    product.price = price
    return product
}

private func seedProduct(_ sku: String, name: String, price: Int64, in stack: TestStack) throws {
    let context = stack.newContext()
    try context.performAndWait {
        _ = product(sku, name: name, price: price, in: context)
        try context.save()
    }
}

/// Every saved product, as (sku, name, price), sorted by sku.
private func savedProducts(in stack: TestStack) throws -> [String] {
    let context = stack.newContext()
    return try context.performAndWait {
        let request = NSFetchRequest<Product>(entityName: "Product")
        request.sortDescriptors = [NSSortDescriptor(key: "sku", ascending: true)]
        return try context.fetch(request).map { "\($0.sku ?? "nil")|\($0.name ?? "nil")|\($0.price)" }
    }
}

@Suite("Constraints: default error merge policy")
struct ConstraintErrorPolicyTests {
    @Test func distinctValuesSave() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            _ = product("A", name: "a", price: 1, in: context)
            _ = product("B", name: "b", price: 2, in: context)
            try context.save()
        }
        #expect(try savedProducts(in: stack) == ["A|a|1", "B|b|2"])
    }

    @Test func duplicatesInOneContextFailSave() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            _ = product("A", name: "first", price: 1, in: context)
            _ = product("A", name: "second", price: 2, in: context)
            let error = try #require(saveError(context))
            #expect(error.domain == NSCocoaErrorDomain)
            #expect(error.code == NSManagedObjectConstraintMergeError)
            #expect(error.code == 133021)
        }
        #expect(try savedProducts(in: stack).isEmpty)
    }

    @Test func duplicateOfSavedRowFailsSave() throws {
        let stack = try TestStack()
        try seedProduct("A", name: "saved", price: 1, in: stack)
        let context = stack.newContext()
        try context.performAndWait {
            _ = product("A", name: "duplicate", price: 2, in: context)
            let error = try #require(saveError(context))
            #expect(error.domain == NSCocoaErrorDomain)
            #expect(error.code == 133021)
            #expect(context.hasChanges == true)
        }
        #expect(try savedProducts(in: stack) == ["A|saved|1"])
    }

    @Test func updateIntoConflictFailsSave() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            _ = product("A", name: "a", price: 1, in: context)
            let b = product("B", name: "b", price: 2, in: context)
            try context.save()
            b.sku = "A"
            let error = try #require(saveError(context))
            #expect(error.code == 133021)
        }
        #expect(try savedProducts(in: stack) == ["A|a|1", "B|b|2"])
    }

    @Test func insertedDuplicateOfUpdatedRowFailsSave() throws {
        let stack = try TestStack()
        try seedProduct("A", name: "saved", price: 1, in: stack)
        let context = stack.newContext()
        try context.performAndWait {
            let request = NSFetchRequest<Product>(entityName: "Product")
            let saved = try #require(try context.fetch(request).first)
            saved.name = "renamed"
            _ = product("A", name: "duplicate", price: 2, in: context)
            let error = try #require(saveError(context))
            #expect(error.code == 133021)
        }
        #expect(try savedProducts(in: stack) == ["A|saved|1"])
    }

    @Test func sameValueOnDifferentEntityDoesNotConflict() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            _ = product("A", name: "a", price: 1, in: context)
            let person = Person(context: context)
            person.name = "A"
            try context.save()
        }
        #expect(try savedProducts(in: stack).count == 1)
    }
}

@Suite("Constraints: NSMergeByPropertyObjectTrumpMergePolicy")
struct ConstraintObjectTrumpTests {
    @Test func duplicateOfSavedRowUpdatesIt() throws {
        let stack = try TestStack()
        try seedProduct("A", name: "old", price: 1, in: stack)
        let context = stack.newContext()
        context.mergePolicy = NSMergePolicy.mergeByPropertyObjectTrump
        try context.performAndWait {
            _ = product("A", name: "new", price: 9, in: context)
            try context.save()
            #expect(try count("Product", in: context) == 1)
        }
        #expect(try savedProducts(in: stack) == ["A|new|9"])
    }

    @Test func mixedNewAndExistingRows() throws {
        let stack = try TestStack()
        try seedProduct("A", name: "old", price: 1, in: stack)
        let context = stack.newContext()
        context.mergePolicy = NSMergePolicy.mergeByPropertyObjectTrump
        try context.performAndWait {
            _ = product("A", name: "updated", price: 2, in: context)
            _ = product("B", name: "inserted", price: 3, in: context)
            try context.save()
        }
        #expect(try savedProducts(in: stack) == ["A|updated|2", "B|inserted|3"])
    }

    @Test func duplicatesInOneContextCollapseToOneRow() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.mergePolicy = NSMergePolicy.mergeByPropertyObjectTrump
        try context.performAndWait {
            _ = product("A", name: "x", price: 1, in: context)
            _ = product("A", name: "x", price: 1, in: context)
            try context.save()
        }
        #expect(try savedProducts(in: stack) == ["A|x|1"])
    }

    @Test func repeatedImportKeepsOneRowPerKey() throws {
        let stack = try TestStack()
        for round in 1...3 {
            let context = stack.newContext()
            context.mergePolicy = NSMergePolicy.mergeByPropertyObjectTrump
            try context.performAndWait {
                for sku in ["A", "B", "C"] {
                    _ = product(sku, name: "round\(round)", price: Int64(round), in: context)
                }
                try context.save()
            }
        }
        #expect(try savedProducts(in: stack) == ["A|round3|3", "B|round3|3", "C|round3|3"])
    }

    @Test func policyCreatedFromTypeBehavesTheSame() throws {
        let stack = try TestStack()
        try seedProduct("A", name: "old", price: 1, in: stack)
        let context = stack.newContext()
        context.mergePolicy = NSMergePolicy(merge: .mergeByPropertyObjectTrumpMergePolicyType)
        try context.performAndWait {
            _ = product("A", name: "new", price: 5, in: context)
            try context.save()
        }
        #expect(try savedProducts(in: stack) == ["A|new|5"])
    }
}

@Suite("Constraints: NSMergeByPropertyStoreTrumpMergePolicy")
struct ConstraintStoreTrumpTests {
    // The store's values win property by property; no duplicate row is created.
    @Test func duplicateOfSavedRowKeepsStoredValues() throws {
        let stack = try TestStack()
        try seedProduct("A", name: "stored", price: 1, in: stack)
        let context = stack.newContext()
        context.mergePolicy = NSMergePolicy.mergeByPropertyStoreTrump
        try context.performAndWait {
            _ = product("A", name: "memory", price: 2, in: context)
            try context.save()
        }
        #expect(try savedProducts(in: stack) == ["A|stored|1"])
    }
}
