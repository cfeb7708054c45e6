#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif
import Foundation
import Testing

/// Turns a `[String]` into its comma-joined UTF-8 data, and back.
final class CommaJoinedTransformer: ValueTransformer {
    override class func transformedValueClass() -> AnyClass { NSData.self }

    override func transformedValue(_ value: Any?) -> Any? {
        (value as? [String]).map { Data($0.joined(separator: ",").utf8) }
    }

    override func reverseTransformedValue(_ value: Any?) -> Any? {
        (value as? Data).map { String(decoding: $0, as: UTF8.self).split(separator: ",").map(String.init) }
    }
}

/// Uppercases strings; its reverse is the inherited one.
final class UppercaseTransformer: ValueTransformer {
    override func transformedValue(_ value: Any?) -> Any? {
        (value as? String)?.uppercased()
    }
}

/// A name no other test uses.
func uniqueTransformerName(_ label: String = #function) -> NSValueTransformerName {
    NSValueTransformerName("Test.\(label).\(UUID().uuidString)")
}

@Suite("ValueTransformer")
struct ValueTransformerTests {
    @Test func registeredTransformerIsFoundByName() {
        let name = uniqueTransformerName()
        let transformer = CommaJoinedTransformer()
        ValueTransformer.setValueTransformer(transformer, forName: name)
        #expect(ValueTransformer(forName: name) === transformer)
    }

    @Test func subclassLookupReturnsTheRegisteredInstance() {
        let name = uniqueTransformerName()
        let transformer = CommaJoinedTransformer()
        ValueTransformer.setValueTransformer(transformer, forName: name)
        #expect(CommaJoinedTransformer(forName: name) === transformer)
    }

    @Test func unregisteredNameFindsNothing() {
        #expect(ValueTransformer(forName: uniqueTransformerName()) == nil)
    }

    @Test func settingNilRemovesTheTransformer() {
        let name = uniqueTransformerName()
        ValueTransformer.setValueTransformer(CommaJoinedTransformer(), forName: name)
        ValueTransformer.setValueTransformer(nil, forName: name)
        #expect(ValueTransformer(forName: name) == nil)
        #expect(!ValueTransformer.valueTransformerNames().contains(name))
    }

    @Test func namesListRegisteredAndPredefinedTransformers() {
        let name = uniqueTransformerName()
        ValueTransformer.setValueTransformer(CommaJoinedTransformer(), forName: name)
        let names = ValueTransformer.valueTransformerNames()
        #expect(names.contains(name))
        #expect(names.contains(.negateBooleanTransformerName))
        #expect(names.contains(.isNilTransformerName))
        #expect(names.contains(.isNotNilTransformerName))
        #expect(names.contains(.keyedUnarchiveFromDataTransformerName))
    }

    @Test func predefinedNamesHaveApplesStrings() {
        #expect(NSValueTransformerName.negateBooleanTransformerName.rawValue == "NSNegateBoolean")
        #expect(NSValueTransformerName.isNilTransformerName.rawValue == "NSIsNil")
        #expect(NSValueTransformerName.isNotNilTransformerName.rawValue == "NSIsNotNil")
        #expect(NSValueTransformerName.unarchiveFromDataTransformerName.rawValue == "NSUnarchiveFromData")
        #expect(NSValueTransformerName.keyedUnarchiveFromDataTransformerName.rawValue == "NSKeyedUnarchiveFromData")
        #expect(NSValueTransformerName.secureUnarchiveFromDataTransformerName.rawValue == "NSSecureUnarchiveFromData")
    }

    @Test func baseClassPassesValuesThrough() {
        let transformer = ValueTransformer()
        #expect(transformer.transformedValue("same") as? String == "same")
        #expect(ValueTransformer.allowsReverseTransformation())
        #expect(ObjectIdentifier(ValueTransformer.transformedValueClass()) == ObjectIdentifier(NSObject.self))
    }

    @Test func defaultReverseAppliesTheForwardTransformation() {
        #expect(UppercaseTransformer().reverseTransformedValue("abc") as? String == "ABC")
    }

    #if !canImport(CoreData)
    // Apple's raises an Objective-C exception here.
    @Test func defaultReverseOfOneWayTransformerIsNil() throws {
        let isNil = try #require(ValueTransformer(forName: .isNilTransformerName))
        #expect(isNil.reverseTransformedValue(NSNumber(value: true)) == nil)
    }
    #endif

    @Test func negateBooleanNegatesBothWays() throws {
        let negate = try #require(ValueTransformer(forName: .negateBooleanTransformerName))
        #expect(negate.transformedValue(NSNumber(value: true)) as? Bool == false)
        #expect(negate.reverseTransformedValue(NSNumber(value: false)) as? Bool == true)
    }

    @Test func isNilTellsWhetherTheValueIsNil() throws {
        let isNil = try #require(ValueTransformer(forName: .isNilTransformerName))
        #expect(isNil.transformedValue(nil) as? Bool == true)
        #expect(isNil.transformedValue("x") as? Bool == false)
        #expect(type(of: isNil).allowsReverseTransformation() == false)
    }

    @Test func isNotNilTellsWhetherTheValueIsNotNil() throws {
        let isNotNil = try #require(ValueTransformer(forName: .isNotNilTransformerName))
        #expect(isNotNil.transformedValue(nil) as? Bool == false)
        #expect(isNotNil.transformedValue("x") as? Bool == true)
    }

    @Test func keyedUnarchiveFromDataArchivesInReverse() throws {
        let keyed = try #require(ValueTransformer(forName: .keyedUnarchiveFromDataTransformerName))
        let data = try #require(keyed.reverseTransformedValue(["a", "b"]) as? Data)
        #expect(keyed.transformedValue(data) as? [String] == ["a", "b"])
    }

    @Test func keyedUnarchiveFromDataReadsDamagedDataAsNil() throws {
        let keyed = try #require(ValueTransformer(forName: .keyedUnarchiveFromDataTransformerName))
        #expect(keyed.transformedValue(Data([0x62, 0x70, 0x6c, 0x69, 0x73, 0x74])) == nil)
    }
}
