import Foundation
import GRDB

/// The peer a Linux user would pick: GRDB's `Codable` records inserting, then upserting, the payload.
enum GRDBScenario {
    struct Country: Codable, FetchableRecord, PersistableRecord {
        static let databaseTableName = "country"
        var id: Int64
        var name: String
        var code: String
    }

    struct Person: Codable, FetchableRecord, PersistableRecord {
        static let databaseTableName = "person"
        var id: Int64
        var fullName: String
        var email: String
        var birthDate: Date
        var height: Double
        var isActive: Bool
        var countryId: Int64
    }

    struct Note: Codable, FetchableRecord, PersistableRecord {
        static let databaseTableName = "note"
        var id: Int64
        var personId: Int64
        var text: String
        var createdAt: Date
    }

    struct Tag: Codable, FetchableRecord, PersistableRecord {
        static let databaseTableName = "tag"
        var id: Int64
    }

    struct PersonTag: Codable, FetchableRecord, PersistableRecord {
        static let databaseTableName = "personTag"
        var personId: Int64
        var tagId: Int64
    }

    static func makeDatabase(at url: URL) throws -> DatabaseQueue {
        let queue = try DatabaseQueue(path: url.path)
        try queue.write { db in
            try db.create(table: "country") { table in
                table.primaryKey("id", .integer)
                table.column("name", .text).notNull()
                table.column("code", .text).notNull()
            }
            try db.create(table: "person") { table in
                table.primaryKey("id", .integer)
                table.column("fullName", .text).notNull()
                table.column("email", .text).notNull()
                table.column("birthDate", .datetime).notNull()
                table.column("height", .double).notNull()
                table.column("isActive", .boolean).notNull()
                table.column("countryId", .integer).notNull().indexed().references("country")
            }
            try db.create(table: "note") { table in
                table.primaryKey("id", .integer)
                table.column("personId", .integer).notNull().indexed().references("person")
                table.column("text", .text).notNull()
                table.column("createdAt", .datetime).notNull()
            }
            try db.create(table: "tag") { table in
                table.primaryKey("id", .integer)
            }
            try db.create(table: "personTag") { table in
                table.column("personId", .integer).notNull().references("person")
                table.column("tagId", .integer).notNull().indexed().references("tag")
                table.primaryKey(["personId", "tagId"])
            }
        }
        return queue
    }

    /// Decodes `payload` and writes it in one transaction; `upsert` updates rows that exist.
    static func importPayload(_ payload: Data, into queue: DatabaseQueue, upsert: Bool) throws {
        let people = try makeDecoder().decode([PersonPayload].self, from: payload)
        try queue.write { db in
            var countries = Set<Int64>()
            var tags = Set<Int64>()
            for person in people {
                if countries.insert(person.country.id).inserted {
                    try Country(id: person.country.id, name: person.country.name, code: person.country.code).upsert(db)
                }
                let record = Person(id: person.id, fullName: person.fullName, email: person.email, birthDate: person.birthDate,
                                    height: person.height, isActive: person.isActive, countryId: person.country.id)
                if upsert {
                    try record.upsert(db)
                    try PersonTag.filter(Column("personId") == person.id).deleteAll(db)
                } else {
                    try record.insert(db)
                }
                for note in person.notes {
                    let noteRecord = Note(id: note.id, personId: person.id, text: note.text, createdAt: note.createdAt)
                    if upsert { try noteRecord.upsert(db) } else { try noteRecord.insert(db) }
                }
                for tag in Set(person.tags) {
                    if tags.insert(tag).inserted { try Tag(id: tag).insert(db, onConflict: .ignore) }
                    try PersonTag(personId: person.id, tagId: tag).insert(db)
                }
            }
        }
    }
}
