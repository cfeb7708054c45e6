import Foundation

/// How attribute values map to SQLite values, and back to exactly the canonical Swift values.
///
/// | Attribute | Column | Stored as |
/// |---|---|---|
/// | Integer 16/32/64, Boolean | INTEGER | the number (`Bool` as 0/1) |
/// | Double, Float | REAL | the number; NaN as the text `NaN` (SQLite turns a NaN real into NULL) |
/// | Decimal | TEXT | the exact decimal text (`Decimal.description`) |
/// | String | TEXT | the UTF-8 bytes, NUL characters included |
/// | Date | REAL | seconds since the reference date (a `Double`, so it round-trips exactly) |
/// | Binary | BLOB | the bytes |
/// | UUID | BLOB | the 16 bytes |
/// | URI | TEXT | `absoluteString` |
/// | Transformable and other | BLOB | see `TransformableCoding` |
enum SQLiteValueCoding {
    /// The declared column type of an attribute kind (which also sets SQLite's type affinity).
    static func columnType(_ kind: AttributeKind) -> String {
        switch kind {
        case .integer16, .integer32, .integer64, .boolean: "INTEGER"
        case .double, .float, .date: "REAL"
        case .decimal, .string, .uri: "TEXT"
        case .binary, .uuid, .any: "BLOB"
        }
    }

    /// The SQL form of a canonical attribute value.
    static func encode(_ value: Any?, kind: AttributeKind) throws -> SQLValue {
        guard let value else { return .null }
        switch kind {
        case .integer16, .integer32, .integer64:
            if let integer = value as? Int64 { return .integer(integer) }
        case .boolean:
            if let bool = value as? Bool { return .integer(bool ? 1 : 0) }
        case .double:
            if let double = value as? Double { return real(double) }
        case .float:
            if let float = value as? Float { return real(Double(float)) }
        case .decimal:
            if let decimal = value as? Decimal { return .text(decimal.description) }
        case .string:
            if let string = value as? String { return .text(string) }
        case .date:
            if let date = value as? Date { return .real(date.timeIntervalSinceReferenceDate) }
        case .binary:
            if let data = value as? Data { return .blob(data) }
        case .uuid:
            if let uuid = value as? UUID { return .blob(withUnsafeBytes(of: uuid.uuid) { Data($0) }) }
        case .uri:
            if let url = value as? URL { return .text(url.absoluteString) }
        case .any:
            return .blob(try TransformableCoding.encode(value))
        }
        // A value that is not canonical for its kind (only possible through internal misuse): normalize it once.
        guard let canonical = kind.canonicalValue(value), let canonical, type(of: canonical) != type(of: value) else {
            throw CoreDataError.make(NSPersistentStoreSaveError, "Cannot store a \(type(of: value)) in a \(kind.expectedClassName) attribute.")
        }
        return try encode(canonical, kind: kind)
    }

    private static func real(_ double: Double) -> SQLValue {
        double.isNaN ? .text("NaN") : .real(double)
    }

    /// The canonical value of a stored SQL value; nil for NULL.
    static func decode(_ value: SQLValue, kind: AttributeKind) -> Any? {
        switch (kind, value) {
        case (_, .null):
            return nil
        case (.integer16, .integer(let integer)), (.integer32, .integer(let integer)), (.integer64, .integer(let integer)):
            return integer
        case (.boolean, .integer(let integer)):
            return integer != 0
        case (.double, .real(let real)):
            return real
        case (.double, .integer(let integer)):
            return Double(integer)
        case (.float, .real(let real)):
            return Float(real)
        case (.float, .integer(let integer)):
            return Float(integer)
        case (.double, .text("NaN")):
            return Double.nan
        case (.float, .text("NaN")):
            return Float.nan
        case (.decimal, .text(let text)):
            return text == "NaN" ? Decimal.nan : Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
        case (.string, .text(let text)):
            return text
        case (.date, .real(let seconds)):
            return Date(timeIntervalSinceReferenceDate: seconds)
        case (.date, .integer(let seconds)):
            return Date(timeIntervalSinceReferenceDate: Double(seconds))
        case (.binary, .blob(let data)):
            return data
        case (.uuid, .blob(let data)):
            return uuid(data)
        case (.uri, .text(let text)):
            return URL(string: text)
        case (.any, .blob(let data)):
            return TransformableCoding.decode(data)
        default:
            // A value another tool wrote with an unexpected type: convert as SQLite would.
            return kind.canonicalValue(sqlValueAsAny(value)) ?? nil
        }
    }

    private static func uuid(_ data: Data) -> UUID? {
        guard data.count == 16 else { return nil }
        var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &bytes) { $0.copyBytes(from: data) }
        return UUID(uuid: bytes)
    }

    private static func sqlValueAsAny(_ value: SQLValue) -> Any? {
        switch value {
        case .null: nil
        case .integer(let integer): integer
        case .real(let real): real
        case .text(let text): text
        case .blob(let data): data
        }
    }
}

extension SQLiteStatement {
    /// Binds a canonical attribute value, without going through `SQLValue` for the common types.
    func bind(_ value: Any?, kind: AttributeKind, at index: Int32) throws {
        guard let value else {
            bindNull(index)
            return
        }
        switch kind {
        case .integer16, .integer32, .integer64:
            if let integer = value as? Int64 { return bind(integer, at: index) }
        case .double:
            if let double = value as? Double, !double.isNaN { return bind(double, at: index) }
        case .date:
            if let date = value as? Date { return bind(date.timeIntervalSinceReferenceDate, at: index) }
        case .string:
            if let string = value as? String { return bind(string, at: index) }
        case .boolean:
            if let bool = value as? Bool { return bind(Int64(bool ? 1 : 0), at: index) }
        case .decimal, .float, .binary, .uuid, .uri, .any:
            break
        }
        bind(try SQLiteValueCoding.encode(value, kind: kind), at: index)
    }
}

/// How transformable (and undefined-type) attribute values are stored: a tag byte, then the payload.
///
/// - Property-list values (`String`, numbers, `Bool`, `Date`, `Data`, and arrays and string-keyed dictionaries of
///   them): a binary property list (tag 1). They come back as property-list types (`NSNumber` for numbers,
///   `[AnyHashable: Any]` for dictionaries).
/// - Other `NSCoding` objects: an `NSKeyedArchiver` archive (tag 2); the class must be resolvable by name.
///
/// Anything else cannot be stored and fails the save (it is never silently dropped). An attribute with a custom
/// value transformer gets here with the transformer's output (see `EntityLayout.transformedSlots`).
enum TransformableCoding {
    private static let propertyList: UInt8 = 1
    private static let keyedArchive: UInt8 = 2

    static func encode(_ value: Any) throws -> Data {
        if let data = try? PropertyListSerialization.data(fromPropertyList: [value], format: .binary, options: 0) {
            return Data([propertyList]) + data
        }
        if let object = value as? NSObject & NSCoding,
           let data = try? NSKeyedArchiver.archivedData(withRootObject: object, requiringSecureCoding: false) {
            return Data([keyedArchive]) + data
        }
        throw CoreDataError.make(NSPersistentStoreSaveError, "Cannot store a value of type \(type(of: value)) in a transformable attribute: use property-list values or an NSCoding object.")
    }

    static func decode(_ data: Data) -> Any? {
        guard let tag = data.first else { return nil }
        let payload = data.dropFirst()
        switch tag {
        case propertyList:
            return ((try? PropertyListSerialization.propertyList(from: Data(payload), options: [], format: nil)) as? [Any])?.first
        case keyedArchive:
            return KeyedArchiveCheck.unarchivedObject(Data(payload))
        default:
            return nil
        }
    }
}
