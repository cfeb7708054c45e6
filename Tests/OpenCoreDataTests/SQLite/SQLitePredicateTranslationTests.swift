#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif
import Foundation
import Testing

/// The predicates of the in-memory evaluation table, run on a SQLite store and on an in-memory store holding the
/// same people: both must select the same objects, in the same order, and count them alike.
@Suite("SQLite store: predicate translation")
struct SQLitePredicateTranslationTests {
    /// People like `PredicateFixtures.people`, plus Eve, whose values are all nil (to test NULL handling).
    static func model() -> NSManagedObjectModel {
        typealias S = SQLiteTestSupport
        let person = S.entity("Person", [
            S.attribute("name", .stringAttributeType), S.attribute("age", .integer64AttributeType),
            S.attribute("score", .doubleAttributeType), S.attribute("city", .stringAttributeType),
            S.attribute("nickname", .stringAttributeType), S.attribute("active", .booleanAttributeType),
            S.attribute("motto", .stringAttributeType), S.attribute("in", .stringAttributeType),
            S.attribute("id", .UUIDAttributeType), S.attribute("joined", .dateAttributeType),
            S.attribute("homepage", .URIAttributeType), S.attribute("avatar", .binaryDataAttributeType),
            S.attribute("tags", .transformableAttributeType), S.attribute("balance", .decimalAttributeType),
        ])
        let country = S.entity("Country", [S.attribute("name", .stringAttributeType), S.attribute("code", .stringAttributeType)])
        let pet = S.entity("Pet", [S.attribute("kind", .stringAttributeType), S.attribute("age", .integer16AttributeType)])
        let personCountry = S.relationship("country", to: country), countryPeople = S.relationship("people", to: person, toMany: true)
        let pets = S.relationship("pets", to: pet, toMany: true), petOwner = S.relationship("owner", to: person)
        S.relate(personCountry, countryPeople)
        S.relate(pets, petOwner)
        person.properties += [personCountry, pets]
        country.properties += [countryPeople]
        pet.properties += [petOwner]
        let model = NSManagedObjectModel()
        model.entities = [person, country, pet]
        return model
    }

    /// Inserts the people into `context` and saves.
    static func populate(_ context: NSManagedObjectContext) throws {
        func insert(_ entity: String, _ values: [String: Any]) -> NSManagedObject {
            let object = NSEntityDescription.insertNewObject(forEntityName: entity, into: context)
            for (key, value) in values { object.setValue(value, forKey: key) }
            return object
        }
        let france = insert("Country", ["name": "France", "code": "FR"])
        let switzerland = insert("Country", ["name": "Switzerland", "code": "CH"])
        let noCode = insert("Country", ["name": "France"])
        let people: [[String: Any]] = [
            ["name": "Alice", "age": 30, "score": 9.5, "city": "Paris", "nickname": "Ali", "active": true, "motto": "it's", "in": "yes",
             "id": PredicateFixtures.aliceID, "joined": Date(timeIntervalSinceReferenceDate: 1000), "homepage": URL(string: "https://alice.example") as Any,
             "tags": ["swift", "go"], "balance": Decimal(string: "10.5") as Any, "country": france],
            ["name": "Bob", "age": 25, "score": 7.0, "city": "Zürich", "active": false, "motto": "say \"hi\"", "avatar": Data([1, 2]),
             "joined": Date(timeIntervalSinceReferenceDate: 100), "tags": ["swift"], "balance": Decimal(7), "country": switzerland],
            ["name": "Chloé", "age": 35, "score": 8.25, "city": "paris", "active": true, "joined": Date(timeIntervalSinceReferenceDate: 2000),
             "tags": [String](), "country": noCode],
            ["name": "Dan", "age": 40, "score": 6.0, "active": false, "tags": ["rust", "swift", "go"], "balance": Decimal(string: "0.1") as Any],
            ["name": "Eve"],
        ]
        var objects: [NSManagedObject] = []
        for values in people { objects.append(insert("Person", values)) }
        for (owner, kind, age) in [(0, "cat", 3), (0, "dog", 5), (2, "cat", 1), (3, "dog", 10), (3, "dog", 12), (3, "fish", 1)] {
            _ = insert("Pet", ["kind": kind, "age": age, "owner": objects[owner]])
        }
        try context.save()
    }

    static let formats: [String] = [
        "age == 30", "age != 30", "age < 30", "age <= 30", "age > 30", "age >= 35", "30 == age", "30 < age", "age == 30.0",
        "age == 0x1E", "age > -1", "age > 29.5", "score > 8", "score == 7", "score == 6", "score == 8.25", "score < 1e1",
        "score <= 7", "score >= 8.25", "active == YES", "active == NO", "active == 1", "active != YES",
        "name == \"Bob\"", "name != \"Bob\"", "name == 'Chloé'", "joined > CAST(500, \"NSDate\")",
        "name BEGINSWITH \"A\"", "name BEGINSWITH \"a\"", "name BEGINSWITH[c] \"a\"", "name ENDSWITH \"e\"", "name ENDSWITH[d] \"e\"",
        "name CONTAINS \"o\"", "name CONTAINS[c] \"B\"", "name CONTAINS[cd] \"E\"", "name CONTAINS \"\"",
        "city == \"paris\"", "city ==[c] \"PARIS\"", "city ==[cd] \"zurich\"", "city ==[n] \"paris\"", "city < \"Z\"", "city > \"Paris\"",
        "name LIKE \"B*\"", "name LIKE \"?ob\"", "name LIKE \"*l*\"", "name LIKE \"Al\"", "name LIKE[c] \"ALICE\"", "name LIKE[cd] \"chloe\"",
        "name MATCHES \"[A-C].*\"", "name MATCHES \"B\"", "name MATCHES[c] \"bob\"", "name MATCHES \"(\"",
        "name IN {\"Bob\", \"Dan\"}", "name IN {\"Bob\", \"Chloé\"}", "age IN {25, 40}", "age IN {}", "age IN {25, \"40\", nil}",
        "name IN[c] {\"bob\", \"DAN\"}", "city IN \"Paris, Zürich\"", "\"swift\" IN tags", "tags CONTAINS \"go\"",
        "age BETWEEN {25, 35}", "score BETWEEN {7, 9}", "name BETWEEN {\"B\", \"D\"}", "joined BETWEEN {CAST(50, \"NSDate\"), CAST(1500, \"NSDate\")}",
        "nickname == nil", "nickname != nil", "nickname < \"Z\"", "nickname > \"\"", "age == nil", "age != nil",
        "country.code == nil", "country.name == \"France\"", "country.name != \"France\"", "country.code ==[c] \"fr\"", "country == nil",
        "SELF.name == \"Bob\"", "#in == \"yes\"", "motto == \"it's\"", "motto CONTAINS \"\\\"\"",
        "ANY pets.kind == \"dog\"", "SOME pets.kind == \"dog\"", "ALL pets.kind == \"dog\"", "NONE pets.kind == \"dog\"",
        "ANY pets.age > 10", "ALL pets.age < 6", "ANY pets.kind IN {\"fish\", \"cat\"}", "ANY pets.kind BEGINSWITH[c] \"F\"",
        "ANY tags BEGINSWITH \"r\"", "tags.@count > 1", "pets.@count == 0", "pets.@count >= 2",
        "pets.@sum.age > 10", "pets.@avg.age == 4", "pets.@max.age == 12", "pets.@min.age == 1",
        "ANY country.people.name == \"Alice\"", "country.people.@count == 1",
        "balance > 5", "balance == 7", "balance == 0.1", "balance != nil",
        "homepage == nil", "avatar != nil", "id == nil",
        "age > 26 AND city == \"Paris\"", "age > 26 && active == YES", "age < 26 OR age > 36",
        "name == \"Bob\" OR name == \"Alice\" AND age > 100", "(name == \"Bob\" OR name == \"Alice\") AND age > 26",
        "NOT name == \"Bob\"", "!(age > 26)", "NOT age > 26 AND active == NO", "NOT (age > 26 OR score < 7)",
        "NOT nickname == \"Ali\"", "NOT active == YES", "NOT country.name == \"France\"", "NOT (city ==[c] \"paris\")",
        "NOT ANY pets.kind == \"dog\"", "NOT ALL pets.age < 6", "NOT \"swift\" IN tags",
        "TRUEPREDICATE", "FALSEPREDICATE", "NOT FALSEPREDICATE AND age == 25",
        "name beginswith \"A\" and age > 1", "any pets.kind == \"dog\" or not active == yes",
        "age > 20 AND \"swift\" IN tags", "\"swift\" IN tags OR age == 35", "NOT (\"go\" IN tags AND age > 35)",
    ]

    /// The names a fetch with `predicate` (and `sort`, `offset`, `limit`) returns from a store of `type`.
    static func names(_ type: String, predicate: NSPredicate?, sort: [NSSortDescriptor] = [], offset: Int = 0, limit: Int = 0) throws -> (names: [String], count: Int) {
        let container = try SQLiteTestSupport.container(at: nil, model: model(), type: type)
        try populate(container.viewContext)
        let context = container.newBackgroundContext()
        let request = NSFetchRequest<NSManagedObject>(entityName: "Person")
        request.predicate = predicate
        request.sortDescriptors = sort
        request.fetchOffset = offset
        request.fetchLimit = limit
        return try context.performAndWait {
            (try context.fetch(request).compactMap { $0.value(forKey: "name") as? String }, try context.count(for: request))
        }
    }

    @Test("Same results as the in-memory store", arguments: formats)
    func sameResultsAsInMemory(_ format: String) throws {
        let predicate = NSPredicate(format: format)
        let memory = try Self.names(NSInMemoryStoreType, predicate: predicate)
        let sqlite = try Self.names(NSSQLiteStoreType, predicate: predicate)
        #expect(sqlite.names == memory.names)
        #expect(sqlite.count == memory.count)
    }

    static let sorts: [[NSSortDescriptor]] = [
        [NSSortDescriptor(key: "age", ascending: true)],
        [NSSortDescriptor(key: "age", ascending: false)],
        [NSSortDescriptor(key: "active", ascending: true), NSSortDescriptor(key: "name", ascending: false)],
        [NSSortDescriptor(key: "city", ascending: true)],
        [NSSortDescriptor(key: "country.name", ascending: true), NSSortDescriptor(key: "score", ascending: false)],
        [NSSortDescriptor(key: "balance", ascending: true)],
        [NSSortDescriptor(key: "pets.@count", ascending: false)],
        [NSSortDescriptor(key: "name", ascending: true, comparator: { lhs, rhs in
            ((lhs as? String)?.count ?? 0) < ((rhs as? String)?.count ?? 0) ? .orderedAscending : ((lhs as? String)?.count ?? 0) > ((rhs as? String)?.count ?? 0) ? .orderedDescending : .orderedSame
        })],
    ]

    @Test("Sorts, offsets and limits like the in-memory store", arguments: sorts.indices)
    func sortsLikeInMemory(_ index: Int) throws {
        for (offset, limit) in [(0, 0), (1, 2), (3, 0), (0, 1), (10, 5)] {
            for predicate in [nil, NSPredicate(format: "age > 20"), NSPredicate(format: "\"swift\" IN tags")] {
                let memory = try Self.names(NSInMemoryStoreType, predicate: predicate, sort: Self.sorts[index], offset: offset, limit: limit)
                let sqlite = try Self.names(NSSQLiteStoreType, predicate: predicate, sort: Self.sorts[index], offset: offset, limit: limit)
                #expect(sqlite.names == memory.names, "offset \(offset) limit \(limit) predicate \(predicate?.predicateFormat ?? "nil")")
                #expect(sqlite.count == memory.count)
            }
        }
    }

    @Test func objectComparisonsMatchLikeInMemory() throws {
        for type in [NSInMemoryStoreType, NSSQLiteStoreType] {
            let container = try SQLiteTestSupport.container(at: nil, model: Self.model(), type: type)
            let context = container.viewContext
            try Self.populate(context)
            let france = try #require(try SQLiteTestSupport.fetch("Country", in: context, predicate: NSPredicate(format: "code == 'FR'")).first)
            let swiss = try #require(try SQLiteTestSupport.fetch("Country", in: context, predicate: NSPredicate(format: "code == 'CH'")).first)
            func names(_ format: String, _ arguments: [Any]) throws -> [String] {
                try SQLiteTestSupport.fetch("Person", in: context, predicate: NSPredicate(format: format, argumentArray: arguments)).compactMap { $0.value(forKey: "name") as? String }
            }
            #expect(try names("country == %@", [france]) == ["Alice"], "\(type)")
            #expect(try names("country == %@", [france.objectID]) == ["Alice"], "\(type)")
            #expect(try names("country != %@", [france]) == ["Bob", "Chloé", "Dan", "Eve"], "\(type)")
            #expect(try names("country IN %@", [[france, swiss]]) == ["Alice", "Bob"], "\(type)")
            #expect(try names("NOT country IN %@", [[france]]) == ["Bob", "Chloé", "Dan", "Eve"], "\(type)")
            let people = try SQLiteTestSupport.fetch("Person", in: context, sortedBy: "name")
            #expect(try names("SELF IN %@", [[people[3], people[1]]]) == ["Bob", "Dan"], "\(type)")
            #expect(try names("SELF == %@", [people[2].objectID]) == ["Chloé"], "\(type)")
            #expect(try names("SELF != %@ AND NOT SELF IN %@", [people[0], [people[4]]]) == ["Bob", "Chloé", "Dan"], "\(type)")
            #expect(try names("SELF IN %@", [[france]]).isEmpty, "\(type)")
            #expect(try names("SELF IN %@", [people + people]) == ["Alice", "Bob", "Chloé", "Dan", "Eve"], "\(type)")
        }
    }

    @Test func includesPendingChangesMergesUnsavedObjects() throws {
        let container = try SQLiteTestSupport.container(at: nil, model: Self.model())
        let context = container.viewContext
        try Self.populate(context)
        let bob = try #require(try SQLiteTestSupport.fetch("Person", in: context, predicate: NSPredicate(format: "name == 'Bob'")).first)
        bob.setValue(99, forKey: "age")
        let zoe = NSEntityDescription.insertNewObject(forEntityName: "Person", into: context)
        zoe.setValue("Zoe", forKey: "name")
        zoe.setValue(50, forKey: "age")
        let names = try SQLiteTestSupport.fetch("Person", in: context, predicate: NSPredicate(format: "age > 36"), sortedBy: "age")
        #expect(names.compactMap { $0.value(forKey: "name") as? String } == ["Dan", "Zoe", "Bob"])
    }

    @Test func longInListsAreChunkedExactly() throws {
        let container = try SQLiteTestSupport.container(at: nil, model: Self.model())
        let context = container.viewContext
        try Self.populate(context)
        for count in [999, 1000, 32_767, 60_000] {
            let ages = Array(0..<count)
            let found = try SQLiteTestSupport.fetch("Person", in: context, predicate: NSPredicate(format: "age IN %@", ages), sortedBy: "age")
            #expect(found.compactMap { $0.value(forKey: "name") as? String } == ["Bob", "Alice", "Chloé", "Dan"], "\(count)")
            let names = (0..<count).map { "n\($0)" } + ["Dan"]
            let byName = try SQLiteTestSupport.fetch("Person", in: context, predicate: NSPredicate(format: "name IN %@", names))
            #expect(byName.compactMap { $0.value(forKey: "name") as? String } == ["Dan"], "\(count)")
        }
        let countries = (0..<600).map { _ in NSEntityDescription.insertNewObject(forEntityName: "Country", into: context) }
        try context.save()
        let france = try SQLiteTestSupport.fetch("Country", in: context, predicate: NSPredicate(format: "code == 'FR'"))
        let byCountry = try SQLiteTestSupport.fetch("Person", in: context, predicate: NSPredicate(format: "country IN %@", countries + france))
        #expect(byCountry.compactMap { $0.value(forKey: "name") as? String } == ["Alice"])
        let people = try SQLiteTestSupport.fetch("Person", in: context, predicate: NSPredicate(format: "SELF IN %@", countries + france + [byCountry[0]]))
        #expect(people.compactMap { $0.value(forKey: "name") as? String } == ["Alice"])
    }

    /// Relationship kinds of `SQLiteTestSupport.model()`: join tables (plain, ordered, without inverse), one-to-one,
    /// ordered one-to-many and a subentity, on both stores.
    static let relationshipCases: [(entity: String, format: String)] = [
        ("Item", "ANY tags.label == 'red'"), ("Item", "ALL tags.label BEGINSWITH 'r'"), ("Item", "NONE tags.label == 'red'"),
        ("Item", "tags.@count == 2"), ("Item", "tags.@count == 0"), ("Item", "owner.name == 'Ann'"), ("Item", "owner.profile.bio == 'hi'"),
        ("Item", "rankedBy == nil"), ("Tag", "ANY items.string == 'one'"), ("Tag", "items.@count >= 1"), ("Tag", "level == 7"),
        ("Tag", "ANY listedBy.name == 'Ann'"), ("Owner", "ANY playlist.label == 'blue'"), ("Owner", "favorites.@count > 0"),
        ("Owner", "ANY favorites.label == 'special'"), ("Owner", "profile.bio == 'hi'"), ("Owner", "ANY ranked.string == 'two'"),
        ("Owner", "ALL ranked.string == 'two'"), ("Profile", "owner.name == 'Ann'"), ("SpecialTag", "level > 1"),
    ]

    static func relationshipNames(_ type: String, entity: String, format: String) throws -> [String] {
        let context = try SQLiteTestSupport.container(at: nil, model: SQLiteTestSupport.model(), type: type).viewContext
        func insert(_ entity: String, _ values: [String: Any]) -> NSManagedObject {
            let object = NSEntityDescription.insertNewObject(forEntityName: entity, into: context)
            for (key, value) in values { object.setValue(value, forKey: key) }
            return object
        }
        let ann = insert("Owner", ["name": "Ann"]), bob = insert("Owner", ["name": "Bob"])
        insert("Profile", ["bio": "hi"]).setValue(ann, forKey: "owner")
        let red = insert("Tag", ["label": "red"]), blue = insert("Tag", ["label": "blue"])
        let special = insert("SpecialTag", ["label": "special", "level": 7])
        let one = insert("Item", ["string": "one", "owner": ann]), two = insert("Item", ["string": "two", "owner": bob])
        _ = insert("Item", ["string": "three"])
        one.mutableSetValue(forKey: "tags").addObjects(from: [red, blue])
        two.mutableSetValue(forKey: "tags").add(red)
        ann.mutableOrderedSetValue(forKey: "playlist").addObjects(from: [blue, special])
        bob.mutableSetValue(forKey: "favorites").add(special)
        ann.mutableOrderedSetValue(forKey: "ranked").addObjects(from: [two, one])
        bob.mutableOrderedSetValue(forKey: "ranked").add(NSEntityDescription.insertNewObject(forEntityName: "Item", into: context))
        try context.save()
        context.reset()
        let request = NSFetchRequest<NSManagedObject>(entityName: entity)
        request.predicate = NSPredicate(format: format)
        return try context.fetch(request).map { object in
            let label = ["name", "label", "string", "bio"].lazy.compactMap { object.entity.attributesByName[$0] != nil ? object.value(forKey: $0) as? String : nil }.first
            return "\(object.entity.name ?? "?"):\(label ?? "nil")"
        }
    }

    @Test("Relationship kinds give the same results as in memory", arguments: relationshipCases.indices)
    func relationshipKinds(_ index: Int) throws {
        let (entity, format) = Self.relationshipCases[index]
        let memory = try Self.relationshipNames(NSInMemoryStoreType, entity: entity, format: format)
        let sqlite = try Self.relationshipNames(NSSQLiteStoreType, entity: entity, format: format)
        #expect(sqlite == memory, "\(entity): \(format)")
        #expect(!memory.isEmpty || format.contains("NONE") || format.contains("ALL"), "\(entity): \(format) selects nothing")
    }
}
