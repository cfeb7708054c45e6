import CoreDataCodable
import Foundation

extension ManagedScenario {
    /// What an app writes without this library: the payload decoded into the floor's structs, then
    /// each object inserted and set by hand, related objects uniqued in dictionaries by identifier.
    ///
    /// It finds no existing objects, so it stands beside the first import (scenario 2) only.
    func importByHand(_ payload: Data) throws {
        let people = try makeDecoder().decode([PersonPayload].self, from: payload)
        try context.performAndWait {
            let entities = benchmarkModel.entitiesByName
            guard let personEntity = entities["Person"], let countryEntity = entities["Country"],
                  let noteEntity = entities["Note"], let tagEntity = entities["Tag"]
            else { throw CocoaError(.coderInvalidValue) }
            var countries: [Int64: BCountry] = [:]
            var tags: [Int64: BTag] = [:]
            for payload in people {
                let person = BPerson(entity: personEntity, insertInto: context)
                person.id = payload.id
                person.fullName = payload.fullName
                person.email = payload.email
                person.birthDate = payload.birthDate
                person.height = payload.height
                person.isActive = payload.isActive
                let country = countries[payload.country.id] ?? {
                    let country = BCountry(entity: countryEntity, insertInto: context)
                    country.id = payload.country.id
                    countries[payload.country.id] = country
                    return country
                }()
                country.name = payload.country.name
                country.code = payload.country.code
                person.country = country
                person.notes = Set(payload.notes.map { notePayload in
                    let note = BNote(entity: noteEntity, insertInto: context)
                    note.id = notePayload.id
                    note.text = notePayload.text
                    note.createdAt = notePayload.createdAt
                    return note
                })
                person.tags = Set(payload.tags.map { id in
                    tags[id] ?? {
                        let tag = BTag(entity: tagEntity, insertInto: context)
                        tag.id = id
                        tags[id] = tag
                        return tag
                    }()
                })
            }
        }
    }
}
