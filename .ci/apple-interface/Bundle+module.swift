import Foundation

// The accessor SwiftPM generates for a target with resources (the Example's `Bundle.module`),
// declared alike for the Apple type-check, which compiles the Example without SwiftPM.
extension Foundation.Bundle {
    static let module: Bundle = { fatalError() }()
}
