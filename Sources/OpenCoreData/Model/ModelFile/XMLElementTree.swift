import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// One element of an XML document: its name, attributes and child elements (text is not kept: model
/// files hold everything in attributes).
struct XMLElementTree: Sendable {
    let name: String
    let attributes: [String: String]
    var children: [XMLElementTree]
    /// The line of the element's start tag, for messages.
    let line: Int

    /// The child elements named `name`, in document order.
    func children(named name: String) -> [XMLElementTree] {
        children.filter { $0.name == name }
    }

    /// The first child element named `name`.
    func child(named name: String) -> XMLElementTree? {
        children.first { $0.name == name }
    }

    /// Whether the attribute `name` is Xcode's `YES` (or `true`); false when absent.
    func flag(_ name: String) -> Bool {
        guard let value = attributes[name] else { return false }
        return value.caseInsensitiveCompare("YES") == .orderedSame || value.caseInsensitiveCompare("true") == .orderedSame
    }

    /// Parses `data` into its root element, or throws `malformedXML` naming `url` and the parser's line.
    static func parse(_ data: Data, url: URL) throws -> XMLElementTree {
        let builder = TreeBuilder()
        let parser = XMLParser(data: data)
        parser.shouldProcessNamespaces = false
        parser.shouldResolveExternalEntities = false
        parser.delegate = builder
        let parsed = parser.parse()
        guard parsed, let root = builder.root else {
            let reason = parser.parserError.map { "\($0.localizedDescription)" } ?? "no root element"
            throw ModelFileError(.malformedXML, url: url, detail: "not well-formed XML at line \(parser.lineNumber): \(reason)")
        }
        return root
    }
}

/// Collects the parser's events into an element tree.
private final class TreeBuilder: NSObject, XMLParserDelegate {
    private var stack: [XMLElementTree] = []
    private(set) var root: XMLElementTree?

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName qName: String?,
        attributes attributeDict: [String: String] = [:]
    ) {
        stack.append(XMLElementTree(name: elementName, attributes: attributeDict, children: [], line: parser.lineNumber))
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
        guard let element = stack.popLast() else { return }
        if stack.isEmpty {
            root = element
        } else {
            stack[stack.count - 1].children.append(element)
        }
    }
}
