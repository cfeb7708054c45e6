import CoreDataCodable
import Foundation

// The example's steps, run by `main.swift` on a background context.

/// The API response: a plain `Decodable` struct; `Many` decodes each array with one batched lookup.
struct PeoplePayload: Decodable {
    let countries: Many<Country>
    let tags: Many<Tag>
    let people: Many<Person>
}

func payload(_ name: String) throws -> Data {
    guard let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Payloads") else {
        throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "Payloads/\(name).json"])
    }
    return try Data(contentsOf: url)
}

/// A short description of a property value: related objects by entity and id.
func describe(_ value: Any?) -> String {
    switch value {
    case let object as NSManagedObject:
        return "\(object.entity.name ?? "?") \(object.value(forKey: "id") ?? "?")"
    case let set as NSSet:
        return "[" + set.allObjects.map(describe).sorted().joined(separator: ", ") + "]"
    case let set as NSOrderedSet:
        return "[" + set.array.map(describe).joined(separator: ", ") + "]"
    case let value?:
        return "\(value)"
    case nil:
        return "nil"
    }
}

func counts(in context: NSManagedObjectContext) throws -> String {
    try ["Country", "Person", "PersonAttribute", "Tag"].map { entity in
        "\(try context.count(for: NSFetchRequest<NSManagedObject>(entityName: entity))) \(entity)"
    }.joined(separator: ", ")
}

/// Imports, updates and encodes in `context`, on its queue. (Declared outside `main.swift`, whose
/// functions may use its top-level variables, which belong to the main actor: the block may run on
/// the context's queue, and captures only the context, which is `Sendable`.)
func run(in context: NSManagedObjectContext) throws {
    try context.performAndWait {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        decoder.managedObjectContext = context
        try runSteps(in: context, decoder: decoder)
    }
}

/// The example's three steps.
func runSteps(in context: NSManagedObjectContext, decoder: JSONDecoder) throws {
    // 1. Import.
    let first = try decoder.decode(PeoplePayload.self, from: payload("people"))
    try context.save()
    print("Imported \(first.people.count) people: \(try counts(in: context))")

    // 2. The update payload names existing people by id: they are updated in place, not duplicated.
    let update = try decoder.decode(PeoplePayload.self, from: payload("people_update"))
    for person in update.people.sorted(by: { $0.id < $1.id }) {
        if person.isInserted {
            print("  + inserted person \(person.id): \(person.fullName ?? "?")")
        } else {
            let changes = person.changedValues().keys.sorted().map { key in "\(key) = \(describe(person.value(forKey: key)))" }
            print("  ~ updated person \(person.id) (\(person.fullName ?? "?")): \(changes.joined(separator: "; "))")
        }
    }
    try context.save()
    print("After the update: \(try counts(in: context))")

    // 3. Encode two people back, with their country, attributes and tags nested.
    let request = NSFetchRequest<Person>(entityName: "Person")
    request.predicate = NSPredicate(format: "id IN %@", [1, 4])
    request.sortDescriptors = [NSSortDescriptor(key: "id", ascending: true)]
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .iso8601
    let json = try encoder.encode(Many(try context.fetch(request)))
    print(String(decoding: json, as: UTF8.self))
}
