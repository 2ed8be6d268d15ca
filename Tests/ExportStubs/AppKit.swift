// AppKit as exported code uses it, with Foundation's macOS-only NSValue boxes (see
// README.md). Nothing here runs.
@_exported import QuartzCore

public typealias NSPoint = CGPoint
public typealias NSSize = CGSize
public typealias NSRect = CGRect

open class NSGraphicsContext: NSObject {}

public enum NSImageRep {
    public struct HintKey: Hashable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
    }
}

open class NSImage: NSObject {
    public typealias Name = String
    public init?(named name: NSImage.Name) {}
    open func cgImage(forProposedRect proposedDestRect: UnsafeMutablePointer<NSRect>?, context referenceContext: NSGraphicsContext?,
                      hints: [NSImageRep.HintKey: Any]?) -> CGImage? { nil }
}

open class NSView: NSObject {
    open var wantsLayer: Bool = false
    open var layer: CALayer?
}

extension NSValue {
    public convenience init(point: NSPoint) { self.init() }
    public convenience init(size: NSSize) { self.init() }
    public convenience init(rect: NSRect) { self.init() }
}
