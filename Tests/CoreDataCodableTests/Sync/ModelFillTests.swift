import CoreDataCodable
import Foundation
import Testing

#if !canImport(CoreData)
// The models are Xcode model files (`Fixture.model`).
/// `fill(with:)` on an object without a class of its own maps the JSON by the model's conventions,
/// as a sync does (PropertyMapper's `hyp_fill(with:)`).
@Suite("Filling a plain managed object by the model's conventions")
struct ModelFillTests {
    /// A stack of the Sync model with the tag `math` stored, and a new user filled from `userFill.json`.
    private static func filledUser(asDictionary: Bool) throws -> (TestStack, NSManagedObject) {
        let stack = try TestStack(model: Fixture.model("Sync"))
        let user = try stack.read {
            try stack.context.sync(["code": "math", "name": "Mathematics"], inEntityNamed: "Tag")
            let user = NSEntityDescription.insertNewObject(forEntityName: "User", into: stack.context)
            if asDictionary {
                let object = try #require(try JSONSerialization.jsonObject(with: Fixture.syncPayload("userFill")) as? [String: Any])
                try user.fill(with: object)
            } else {
                try user.fill(with: Fixture.syncPayload("userFill"))
            }
            return user
        }
        return (stack, user)
    }

    @Test(arguments: [false, true])
    func snakeCaseRemoteKeysAndReservedWordsReachTheirProperties(asDictionary: Bool) throws {
        let (stack, user) = try Self.filledUser(asDictionary: asDictionary)
        stack.read {
            #expect(user.value(forKey: "firstName") as? String == "Ada")
            #expect(user.value(forKey: "age") as? Int16 == 36)
            #expect(user.value(forKey: "userDescription") as? String == "Engineer")
            #expect(user.value(forKey: "createdAt") as? Date == Date(timeIntervalSince1970: 1_388_653_200))
        }
    }

    @Test func nestedObjectsAndIdentifiersRelateTheFilledObject() throws {
        let (stack, user) = try Self.filledUser(asDictionary: true)
        stack.read {
            let company = user.value(forKey: "company") as? NSManagedObject
            #expect(company?.value(forKey: "name") as? String == "Analytical")
            let tags = user.value(forKey: "tags") as? Set<NSManagedObject>
            #expect(tags?.compactMap { $0.value(forKey: "name") as? String } == ["Mathematics"])
        }
    }

    @Test func aRemoteKeyPathReadsANestedObject() throws {
        let stack = try TestStack(model: Fixture.model("Export"))
        let city = try stack.read {
            let user = NSEntityDescription.insertNewObject(forEntityName: "User", into: stack.context)
            try user.fill(with: ["company_info": ["name": "Acme", "city": "Oslo"]])
            return user.value(forKey: "companyCity") as? String
        }
        #expect(city == "Oslo")
    }

    @Test func aDictionarysInfiniteNumberIsStoredAsItIs() throws {
        let stack = try TestStack(model: Fixture.model("Export"))
        let rating = try stack.read {
            let user = NSEntityDescription.insertNewObject(forEntityName: "User", into: stack.context)
            try user.fill(with: ["rating": Double.infinity])
            return user.value(forKey: "rating") as? Double
        }
        #expect(rating == .infinity)
    }

    @Test func aFailedFillLeavesTheContextAsItWas() throws {
        let stack = try TestStack(model: Fixture.model("Sync"))
        try stack.read {
            let user = NSEntityDescription.insertNewObject(forEntityName: "User", into: stack.context)
            try stack.context.save()
            #expect(throws: DecodingError.self) { try user.fill(with: ["first_name": "Ada", "age_of_person": "many"]) }
            #expect(user.value(forKey: "firstName") == nil)
            #expect(!stack.context.hasChanges)
        }
    }
}
#endif
