import CLibXML2
import Foundation
@testable import ScreenRendering
import Testing

/// An element of a parsed XML document (HXML, HTML): its qualified name, attributes, children,
/// character data, and the comments directly inside it.
struct Element {
    var name: String
    var namespace: String?
    var attributes: [String: String] = [:]
    var children: [Element] = []
    var text = ""
    var comments: [String] = []

    /// The children named `name`.
    func all(_ name: String) -> [Element] { children.filter { $0.name == name } }
    func first(_ name: String) -> Element? { children.first { $0.name == name } }
    /// Every element below this one, in document order.
    var descendants: [Element] { children.flatMap { [$0] + $0.descendants } }
}

/// Parses `bytes` with libxml2 (the safe settings of the readers): a test fails on
/// anything not well-formed.
func parse(_ bytes: [UInt8]) throws -> Element {
    let document = try bytes.withUnsafeBytes { buffer throws(XMLReadError) in try SafeParser.parse(buffer, maxBytes: 1 << 30) }
    defer { xmlFreeDoc(document) }
    let root = try #require(xmlDocGetRootElement(document))
    return element(root)
}

private func string(_ pointer: UnsafePointer<xmlChar>?) -> String {
    pointer.map { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) } ?? ""
}

private func element(_ node: xmlNodePtr) -> Element {
    let prefix = node.pointee.ns.map { string($0.pointee.prefix) } ?? ""
    var result = Element(name: (prefix.isEmpty ? "" : prefix + ":") + string(node.pointee.name),
                         namespace: node.pointee.ns.map { string($0.pointee.href) })
    var attribute = node.pointee.properties
    while let current = attribute {
        let prefix = current.pointee.ns.map { string($0.pointee.prefix) } ?? ""
        let name = (prefix.isEmpty ? "" : prefix + ":") + string(current.pointee.name)
        if let value = xmlNodeGetContent(UnsafeMutableRawPointer(current).assumingMemoryBound(to: xmlNode.self)) {
            result.attributes[name] = string(value)
            free(value)  // libxml2's default xmlFree
        }
        attribute = current.pointee.next
    }
    var child = node.pointee.children
    while let current = child {
        switch current.pointee.type {
        case XML_ELEMENT_NODE: result.children.append(element(current))
        case XML_TEXT_NODE: result.text += string(current.pointee.content)
        case XML_COMMENT_NODE: result.comments.append(string(current.pointee.content))
        default: break
        }
        child = current.pointee.next
    }
    return result
}
