// The declarations-only interface of Apple's Core Data, and of the Foundation API that Apple's
// Foundation has and swift-corelibs-foundation lacks, against which `.ci/apple-typecheck` compiles
// the library. Written from Apple's documentation (https://developer.apple.com/documentation/coredata,
// https://developer.apple.com/documentation/foundation); no body runs. The module `CoreData`
// re-exports it. Compilation conditions choose the SDK being modelled:
//   APPLE_MACOS   macOS (NSObject's scripting `className`); iOS, tvOS, watchOS and visionOS otherwise.
//   SENDABLE_SDK  the newest SDKs (a Sendable context, `@Sendable` perform blocks, a non-Sendable
//                 NSManagedObject); the older, unannotated SDKs otherwise.
@_exported import Foundation
