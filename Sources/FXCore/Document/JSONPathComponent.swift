import Foundation

/// One step of a JSON path.
public enum JSONPathComponent: Equatable {
    /// An object member, by key (`.name`).
    case key(String)
    /// An array element, by 0-based index (`[2]`).
    case index(Int)

    static func render(_ path: [JSONPathComponent]) -> String {
        path.reduce("$") { text, component in
            switch component {
            case .key(let key): return JSONPath.member(text, key)
            case .index(let index): return JSONPath.element(text, index)
            }
        }
    }
}
