import Foundation

/// A number of any Swift or Foundation numeric type, reduced to a form that compares numerically across types.
///
/// Integral values are always stored as `.integer`, so `Int 1`, `Double 1.0` and `NSNumber(1)` are equal and hash alike.
/// `Decimal` values that are not integral go through `Double` (precision beyond 15 digits is lost when comparing).
enum NumericValue: Hashable, Sendable {
    case integer(Int64)
    case real(Double)

    init?(_ value: Any) {
        if isObject(value) {
            guard let number = value as? NSNumber else { return nil }
            self.init(number)
            return
        }
        switch value {
        case let bool as Bool: self = .integer(bool ? 1 : 0)
        case let int as Int: self = .integer(Int64(int))
        case let int as Int64: self = .integer(int)
        case let int as Int32: self = .integer(Int64(int))
        case let int as Int16: self = .integer(Int64(int))
        case let int as Int8: self = .integer(Int64(int))
        case let int as UInt8: self = .integer(Int64(int))
        case let int as UInt16: self = .integer(Int64(int))
        case let int as UInt32: self = .integer(Int64(int))
        case let int as UInt: self.init(unsigned: UInt64(int))
        case let int as UInt64: self.init(unsigned: int)
        case let double as Double: self.init(real: double)
        case let float as Float: self.init(real: Double(float))
        case let decimal as Decimal: self.init(real: NSDecimalNumber(decimal: decimal).doubleValue)
        default: return nil
        }
    }

    private init(_ number: NSNumber) {
        switch UnicodeScalar(UInt8(bitPattern: number.objCType.pointee)) {
        case "f", "d": self.init(real: number.doubleValue)
        case "Q", "L": self.init(unsigned: number.uint64Value)
        default: self = .integer(number.int64Value)
        }
    }

    private init(unsigned: UInt64) {
        self = unsigned <= UInt64(Int64.max) ? .integer(Int64(unsigned)) : .real(Double(unsigned))
    }

    /// Stores integral doubles that fit `Int64` as `.integer`, keeping equality and hashing consistent.
    init(real: Double) {
        if let exact = Int64(exactly: real) {
            self = .integer(exact)
        } else {
            self = .real(real)
        }
    }

    var doubleValue: Double {
        switch self {
        case .integer(let int): Double(int)
        case .real(let double): double
        }
    }

    /// The number as an `Int`, fractions truncated (as `%d` reads a number); `nil` when out of range.
    var integerValue: Int? {
        switch self {
        case .integer(let int): Int(exactly: int)
        case .real(let double): Int(exactly: double.rounded(.towardZero))
        }
    }

    /// The number as a Swift `Int` (`Int64` when it does not fit, on 32-bit platforms) or `Double`.
    var value: Any {
        switch self {
        case .integer(let int): Int(exactly: int).map { $0 as Any } ?? int
        case .real(let double): double
        }
    }

    static func + (lhs: NumericValue, rhs: NumericValue) -> NumericValue {
        if case .integer(let left) = lhs, case .integer(let right) = rhs {
            let (sum, overflow) = left.addingReportingOverflow(right)
            if !overflow { return .integer(sum) }
        }
        return NumericValue(real: lhs.doubleValue + rhs.doubleValue)
    }

    func compare(_ other: NumericValue) -> ComparisonResult {
        if case .integer(let left) = self, case .integer(let right) = other {
            return left < right ? .orderedAscending : (left > right ? .orderedDescending : .orderedSame)
        }
        let left = doubleValue, right = other.doubleValue
        return left < right ? .orderedAscending : (left > right ? .orderedDescending : .orderedSame)
    }
}
