#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif
import Foundation
import Testing

// How much memory an OpenCoreData object takes; no Apple counterpart to call.
#if !canImport(CoreData) && canImport(Glibc)
import Glibc

@Suite("Objects: memory")
struct ObjectSizeTests {
    /// glibc's `malloc_usable_size`, which its Swift module does not export, looked up in the process.
    private static func usableSize(of object: AnyObject) throws -> Int {
        typealias UsableSize = @convention(c) (UnsafeMutableRawPointer?) -> Int
        let symbol = try #require(dlsym(dlopen(nil, RTLD_NOW), "malloc_usable_size"))
        return unsafeBitCast(symbol, to: UsableSize.self)(Unmanaged.passUnretained(object).toOpaque())
    }

    @Test func anObjectOfTwoManagedPropertiesFitsA128ByteAllocation() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        let tag = context.performAndWait { Tag(context: context) }
        // 120 is glibc's usable size of a 128-byte chunk (a sanitizer's allocator gives the size asked
        // for, 116). Before a new object kept its temporary ID's serial number in its ID word and its
        // changed position in 32 bits: 136 (a 144-byte chunk), or 129 asked for.
        #expect(try Self.usableSize(of: tag) <= 120)
    }
}
#endif
