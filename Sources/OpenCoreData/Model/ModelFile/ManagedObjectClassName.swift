import Foundation

/// Resolves an Xcode model's `representedClassName` as Core Data does once Xcode has compiled the model.
///
/// - `Module.Name` names that class and is kept as it is.
/// - `.Name` is Xcode's "Current Product Module": the class `Name` in the module the model belongs to.
///   When compiling, Xcode writes the module's name in; here the module is the one given, or else the
///   first candidate module in which a managed object class of that name exists. Unresolved, the name
///   stays `.Name`, which resolves to no class, so the entity's objects are `NSManagedObject`s.
/// - A bare `Name` is looked up as `NSClassFromString` looks it up, which finds no Swift class by its
///   short name. An absent or empty name is `NSManagedObject`.
struct ManagedObjectClassName {
    /// The module given for `.Name`; when set, `.Name` becomes `module.Name` as Xcode's compiler writes it.
    let productModuleName: String?
    /// Modules in which `.Name` classes are looked for when no module is given.
    let candidateModules: [String]

    /// The candidate modules for a model read from `url`: the module owning the SwiftPM resource bundle
    /// that holds the file (`Package_Module.resources`), then the main executable's module.
    init(productModuleName: String?, modelURL url: URL) {
        self.productModuleName = productModuleName
        var modules: [String] = []
        for component in url.standardizedFileURL.pathComponents.reversed() where component.hasSuffix(".resources") || component.hasSuffix(".bundle") {
            let bundleName = (component as NSString).deletingPathExtension
            // SwiftPM names a target's resource bundle "<package>_<target>"; either name may hold underscores.
            var rest = Substring(bundleName)
            while let underscore = rest.firstIndex(of: "_") {
                rest = rest[rest.index(after: underscore)...]
                if !rest.isEmpty { modules.append(Self.moduleName(String(rest))) }
            }
        }
        if let executable = Bundle.main.executableURL?.deletingPathExtension().lastPathComponent {
            modules.append(Self.moduleName(executable))
        }
        candidateModules = modules
    }

    /// The class name that `representedClassName` stands for.
    func resolve(_ representedClassName: String?) -> String {
        guard let name = representedClassName, !name.isEmpty else { return "NSManagedObject" }
        guard name.hasPrefix(".") else { return name }
        let shortName = name.dropFirst()
        if let productModuleName { return "\(productModuleName).\(shortName)" }
        for module in candidateModules {
            let qualified = "\(module).\(shortName)"
            if NSClassFromString(qualified) is NSManagedObject.Type { return qualified }
        }
        return name
    }

    /// A target's name as a Swift module name: characters that cannot be in an identifier become `_`.
    private static func moduleName(_ targetName: String) -> String {
        String(targetName.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
    }
}
