import BenchmarkSupport
import Foundation

/// Generates the benchmark's JSON payloads: people with a shared country (to-one), notes of their
/// own (to-many), tags by identifier (many-to-many), ISO 8601 dates and snake_case keys.
struct PayloadGenerator {
    private var random: SplitMix64
    let countryCount = 200
    let tagCount = 500

    init(seed: UInt64) {
        random = SplitMix64(seed: seed)
    }

    /// `count` people as a JSON array, with ids from `firstID` on; `revision` changes names and texts
    /// for update payloads.
    mutating func people(count: Int, revision: Int, firstID: Int = 1) -> Data {
        var json = "["
        json.reserveCapacity(count * 420)
        for id in firstID..<(firstID + count) {
            if id > firstID { json += "," }
            let countryID = random.next(below: countryCount) + 1
            let noteCount = random.next(below: 4)
            let tags = (0..<random.next(below: 5)).map { _ in random.next(below: tagCount) + 1 }
            let birth = 315_532_800 + random.next(below: 1_000_000_000)
            json += """
            {"id":\(id),"full_name":"Person \(id) r\(revision)","email":"person\(id)@example.com",\
            "birth_date":"\(iso8601(birth))","height":\(1.5 + Double(random.next(below: 50)) / 100),\
            "is_active":\(id % 3 != 0),\
            "country":{"id":\(countryID),"name":"Country \(countryID)","code":"C\(countryID)"},\
            "notes":[\((0..<noteCount).map { index in
                "{\"id\":\(id * 4 + index),\"text\":\"Note \(index) of \(id) r\(revision)\",\"created_at\":\"\(iso8601(birth + index * 86_400))\"}"
            }.joined(separator: ","))],\
            "tags":[\(tags.map(String.init).joined(separator: ","))]}
            """
        }
        json += "]"
        return Data(json.utf8)
    }

    private func iso8601(_ seconds: Int) -> String {
        Date(timeIntervalSince1970: TimeInterval(seconds)).formatted(.iso8601)
    }
}

/// The decoder every scenario uses: snake_case keys and ISO 8601 dates.
func makeDecoder() -> JSONDecoder {
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    decoder.dateDecodingStrategy = .iso8601
    return decoder
}
