import Foundation
import OpenCoreData

/// What an import does through the public API: 100k people, each with notes of their own (to-many
/// with a to-one inverse), a country shared with ~500 others (to-one with a to-many inverse) and two
/// of 500 tags (many-to-many); objects made with `init(entity:insertInto:)`, values set with
/// `setValue(_:forKey:)`. Every entity has a uniqueness constraint on `id`, as in the import benchmark.
enum GraphScenario {
    /// 100k, or `STORE_BENCHMARK_PEOPLE` from the environment (smaller graphs for profilers).
    static let personCount = ProcessInfo.processInfo.environment["STORE_BENCHMARK_PEOPLE"].flatMap { Int($0) } ?? 100_000
    static let countryCount = 200
    static let tagCount = 500

    /// Notes of person `index`: two for odd indexes, one for even ones (150k in all).
    static func noteCount(ofPerson index: Int) -> Int { index % 2 == 1 ? 2 : 1 }

    static let model: NSManagedObjectModel = {
        let person = ModelBuilding.entity("Person", constrainedBy: "id")
        let note = ModelBuilding.entity("Note", constrainedBy: "id")
        let country = ModelBuilding.entity("Country", constrainedBy: "id")
        let tag = ModelBuilding.entity("Tag", constrainedBy: "id")
        let (notes, notePerson) = ModelBuilding.pair("notes", from: person, toMany: true, inverse: "person", to: note, inverseToMany: false)
        notes.deleteRule = .cascadeDeleteRule
        let (personCountry, countryPeople) = ModelBuilding.pair("country", from: person, toMany: false, inverse: "people", to: country, inverseToMany: true)
        let (tags, tagPeople) = ModelBuilding.pair("tags", from: person, toMany: true, inverse: "people", to: tag, inverseToMany: true)
        person.properties = [
            ModelBuilding.attribute("id", .integer64AttributeType), ModelBuilding.attribute("fullName", .stringAttributeType),
            ModelBuilding.attribute("email", .stringAttributeType), ModelBuilding.attribute("birthDate", .dateAttributeType),
            ModelBuilding.attribute("height", .doubleAttributeType), ModelBuilding.attribute("isActive", .booleanAttributeType),
            personCountry, notes, tags,
        ]
        note.properties = [
            ModelBuilding.attribute("id", .integer64AttributeType), ModelBuilding.attribute("text", .stringAttributeType),
            ModelBuilding.attribute("createdAt", .dateAttributeType), notePerson,
        ]
        country.properties = [ModelBuilding.attribute("id", .integer64AttributeType), ModelBuilding.attribute("name", .stringAttributeType), countryPeople]
        tag.properties = [ModelBuilding.attribute("id", .integer64AttributeType), ModelBuilding.attribute("name", .stringAttributeType), tagPeople]
        let model = NSManagedObjectModel()
        model.entities = [person, note, country, tag]
        return model
    }()

    /// Builds the graph over an in-memory store, then looks the people up by `id IN {100k ids}` as an
    /// import does: in the context holding them unsaved, then from a fresh context once saved.
    static func runInMemory(recorder: inout StepRecorder) throws {
        let container = try ModelBuilding.container(model, storeURL: nil)
        let context = container.newBackgroundContext()
        try context.performAndWait {
            recorder.step("graph-build") { build(in: context) }
            let request = try recorder.step("graph-predicate") { try peopleRequest() }
            let pending = try recorder.step("graph-fetch-pending") { try context.fetch(request).count }
            guard pending == personCount else { throw BenchmarkError("pending fetch found \(pending) people") }
            try recorder.step("graph-save-memory") { try context.save() }
        }
        let fresh = container.newBackgroundContext()
        let request = try peopleRequest()
        let saved = try fresh.performAndWait {
            try recorder.step("graph-fetch-saved") { try fresh.fetch(request).count }
        }
        guard saved == personCount else { throw BenchmarkError("fetch found \(saved) people") }
    }

    /// Builds the graph in a context over a new SQLite file and saves it.
    static func runSQLite(in directory: URL, recorder: inout StepRecorder) throws {
        let container = try ModelBuilding.container(model, storeURL: directory.appendingPathComponent("graph.sqlite"))
        let context = container.newBackgroundContext()
        try context.performAndWait {
            build(in: context)
            try recorder.step("graph-save-sqlite") { try context.save() }
        }
    }

    /// The import's lookup: `id IN {...}` with every person's id as a constant, made with the object forms.
    private static func peopleRequest() throws -> NSFetchRequest<NSManagedObject> {
        let ids: [Any] = (1...personCount).map { Int64($0) }
        let request = NSFetchRequest<NSManagedObject>(entityName: "Person")
        request.predicate = NSComparisonPredicate(
            leftExpression: NSExpression(forKeyPath: "id"),
            rightExpression: NSExpression(forConstantValue: ids),
            modifier: .direct, type: .in, options: []
        )
        request.returnsObjectsAsFaults = false
        return request
    }

    private static func build(in context: NSManagedObjectContext) {
        let entities = model.entitiesByName
        guard let person = entities["Person"], let note = entities["Note"], let country = entities["Country"], let tag = entities["Tag"] else { return }
        let countries = (1...countryCount).map { id in
            let object = NSManagedObject(entity: country, insertInto: context)
            object.setValue(Int64(id), forKey: "id")
            object.setValue("Country \(id)", forKey: "name")
            return object
        }
        let tags = (1...tagCount).map { id in
            let object = NSManagedObject(entity: tag, insertInto: context)
            object.setValue(Int64(id), forKey: "id")
            object.setValue("Tag \(id)", forKey: "name")
            return object
        }
        var noteID: Int64 = 0
        for index in 0..<personCount {
            let id = Int64(index + 1)
            let object = NSManagedObject(entity: person, insertInto: context)
            object.setValue(id, forKey: "id")
            object.setValue("Person \(id)", forKey: "fullName")
            object.setValue("person\(id)@example.com", forKey: "email")
            object.setValue(Date(timeIntervalSinceReferenceDate: Double(index) * 3_600), forKey: "birthDate")
            object.setValue(1.5 + Double(index % 50) / 100, forKey: "height")
            object.setValue(index % 3 != 0, forKey: "isActive")
            let notes = (0..<noteCount(ofPerson: index)).map { position in
                noteID += 1
                let object = NSManagedObject(entity: note, insertInto: context)
                object.setValue(noteID, forKey: "id")
                object.setValue("Note \(position) of \(id)", forKey: "text")
                object.setValue(Date(timeIntervalSinceReferenceDate: Double(noteID) * 60), forKey: "createdAt")
                return object
            }
            object.setValue(NSSet(array: notes), forKey: "notes")
            object.setValue(countries[index % countryCount], forKey: "country")
            object.setValue(NSSet(array: [tags[index % tagCount], tags[(index + tagCount / 2) % tagCount]]), forKey: "tags")
        }
    }
}
