import CoreDataCodable
import Foundation
import Testing

@Suite("Hooks: container(for:) and initialize(from:)")
struct HooksTests {
    @Test func containerHookCoercesIdentityAndInitializeBuildsValues() throws {
        let stack = try TestStack()
        let custom = try stack.decode(Custom.self, fixture: "custom")
        stack.read {
            #expect(custom.id == 1)
            #expect(custom.compound == "Hello World")
            #expect(custom.integer == 12)
        }
    }

    @Test func containerHookWorksForPlainArrays() throws {
        let stack = try TestStack()
        let customs = try stack.decode([Custom].self, fixture: "customArray")
        stack.read {
            #expect(customs.map(\.id) == [1, 2])
            #expect(customs.map(\.compound) == ["Hello World", "Bye Moon"])
            #expect(customs.map(\.integer) == [12, 13])
        }
    }

    @Test func containerHookWorksForMany() throws {
        let stack = try TestStack()
        let customs = try stack.decode(Many<Custom>.self, fixture: "customArray")
        stack.read {
            #expect(customs.map(\.id) == [1, 2])
            #expect(customs.map(\.compound) == ["Hello World", "Bye Moon"])
        }
    }

    @Test func identityThatContainerHookCannotCoerceIsMissing() throws {
        let stack = try TestStack()
        let error = #expect(throws: CoreDataCodableError.self) {
            try stack.decoder().decode(Custom.self, from: Data(#"{"id": "one"}"#.utf8))
        }
        #expect(error?.code == CoreDataCodableError.missingIdentity)
        #expect(error?.receivedKeys == ["id"])
    }

    @Test func containerHookRunsOncePerObject() throws {
        let stack = try TestStack()
        let containers = CallCounter.count("Custom.container", in: stack.context)
        let initializes = CallCounter.count("Custom.initialize", in: stack.context)
        _ = try stack.decode(Many<Custom>.self, fixture: "customArray")
        #expect(CallCounter.count("Custom.container", in: stack.context) - containers == 2)
        #expect(CallCounter.count("Custom.initialize", in: stack.context) - initializes == 2)
        _ = try stack.decode(Custom.self, fixture: "custom")
        #expect(CallCounter.count("Custom.container", in: stack.context) - containers == 3)
    }

    @Test func containerHookRunsOncePerNestedObject() throws {
        let stack = try TestStack()
        let containers = CallCounter.count("Custom.container", in: stack.context)
        let initializes = CallCounter.count("Custom.initialize", in: stack.context)
        let boxes = try stack.decode(Many<Box>.self, fixture: "boxes")
        #expect(CallCounter.count("Custom.container", in: stack.context) - containers == 5)
        #expect(CallCounter.count("Custom.initialize", in: stack.context) - initializes == 5)
        stack.read {
            #expect(boxes.map { $0.customs.map(\.id).sorted() } == [[1, 2], [2, 3]])
            #expect(boxes.map { $0.main?.compound } == ["Hello World", nil])
        }
        #expect(try stack.count("Custom") == 3)
    }

    @Test func relatedObjectsDecodedByHookUsePreparedContainers() throws {
        let stack = try TestStack()
        let containers = CallCounter.count("Custom.container", in: stack.context)
        let boxes = try stack.decode(Many<HandBox>.self, fixture: "boxes")
        #expect(CallCounter.count("Custom.container", in: stack.context) - containers == 5)
        stack.read {
            #expect(boxes.map { $0.customs.map(\.id).sorted() } == [[1, 2], [2, 3]])
            #expect(boxes.map { $0.main?.compound } == ["Hello World", nil])
        }
        #expect(try stack.count("Custom") == 3)
    }

    @Test func initializeReadsItsObjectThroughOtherKeysAndAsAWhole() throws {
        let stack = try TestStack()
        let objects = try stack.decode(Many<Annotated>.self, fixture: "annotated")
        stack.read {
            #expect(objects.map(\.id) == [1, 2])
            #expect(objects.map(\.note) == ["first/first", "second/second"])
        }
    }

    @Test func containerHookInjectsCompoundIdentity() throws {
        let stack = try TestStack()
        let object = try stack.decode(CustomDoubleId.self, fixture: "customDoubleId")
        stack.read {
            #expect(object.id == "01")
            #expect(object.value == "a value")
        }
    }

    @Test func injectedIdentityWorksInArraysAndMany() throws {
        let stack = try TestStack()
        let array = try stack.decode([CustomDoubleId].self, fixture: "customDoubleIdArray")
        let many = try stack.decode(Many<CustomDoubleId>.self, fixture: "customDoubleIdArray")
        stack.read {
            #expect(array.map(\.id) == ["01", "02"])
            #expect(many.map(\.value) == ["one", "two"])
            #expect(array[0] === many[0])
        }
        #expect(try stack.count("CustomDoubleId") == 2)
    }

    @Test func injectedIdentityUpdatesExistingObject() throws {
        let stack = try TestStack()
        let existing = stack.read {
            let object = CustomDoubleId(context: stack.context)
            object.id = "01"
            object.value = "old"
            return object
        }
        let object = try stack.decode(CustomDoubleId.self, fixture: "customDoubleId")
        stack.read {
            #expect(object === existing)
            #expect(object.value == "a value")
        }
        #expect(try stack.count("CustomDoubleId") == 1)
    }

    @Test func subclassDecodesToItsOwnEntityAndTypeWithItsOverride() throws {
        let stack = try TestStack()
        let object = try stack.decode(SubComplete.self, fixture: "subComplete")
        stack.read {
            #expect(type(of: object) == SubComplete.self)
            #expect(object.entity.name == "SubComplete")
            #expect(object.initializedBy == "SubComplete")
            #expect(object.extra == "more")
            #expect(object.string == "sub")
        }
        #expect(try stack.count("SubComplete") == 1)
        #expect(try stack.count("Complete") == 0)
    }

    @Test func subentityDecodesToItsEntityAndIsFoundThroughItsParent() throws {
        let stack = try TestStack(model: TestModel.inheritance)
        let dog = try stack.decoder().decode(Dog.self, from: Data(#"{"id": 1, "name": "Rex", "breed": "Collie"}"#.utf8))
        let animals = try stack.decoder().decode(Many<Animal>.self, from: Data(#"[{"id": 1, "name": "Rex II"}, {"id": 2}]"#.utf8))
        stack.read {
            #expect(type(of: dog) == Dog.self)
            #expect(dog.entity.name == "Dog")
            #expect(dog.breed == "Collie")
            #expect(animals[0] === dog)
            #expect(dog.name == "Rex II")
            #expect(type(of: animals[1]) == Animal.self)
        }
        #expect(try stack.count("Animal") == 2)
        #expect(try stack.count("Dog") == 1)
    }

    @Test func baseClassInitializeRunsForBaseClass() throws {
        let stack = try TestStack()
        let object = try stack.decode(Complete.self, fixture: "subComplete")
        stack.read {
            #expect(type(of: object) == Complete.self)
            #expect(object.initializedBy == "Complete")
        }
    }

    @Test(arguments: [
        ("with", "A", nil),
        ("skipping", nil, "B"),
        ("including", nil, "B"),
    ] as [(String, String?, String?)])
    func defaultInitializationFiltersKeys(mode: String, a: String?, b: String?) throws {
        let stack = try TestStack()
        let json = Data(#"{"id": 1, "a": "A", "b": "B", "mode": "\#(mode)"}"#.utf8)
        let object = try stack.decoder().decode(Filtered.self, from: json)
        stack.read {
            #expect(object.id == 1)
            #expect(object.a == a)
            #expect(object.b == b)
        }
    }
}
