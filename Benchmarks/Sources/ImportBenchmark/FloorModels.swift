import Foundation

/// The floor: the same payload decoded by `JSONDecoder` into plain structs.
struct PersonPayload: Codable {
    let id: Int64
    let fullName: String
    let email: String
    let birthDate: Date
    let height: Double
    let isActive: Bool
    let country: CountryPayload
    let notes: [NotePayload]
    let tags: [Int64]
}

struct CountryPayload: Codable {
    let id: Int64
    let name: String
    let code: String
}

struct NotePayload: Codable {
    let id: Int64
    let text: String
    let createdAt: Date
}
