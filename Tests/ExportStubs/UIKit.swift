// UIKit as exported code uses it (see README.md). Nothing here runs.
@_exported import QuartzCore

open class UIImage: NSObject {
    public init?(named name: String) {}
    open var cgImage: CGImage? { nil }
}

open class UIView: NSObject {
    open var layer: CALayer { CALayer() }
}

extension NSValue {
    public convenience init(cgPoint point: CGPoint) { self.init() }
    public convenience init(cgSize size: CGSize) { self.init() }
    public convenience init(cgRect rect: CGRect) { self.init() }
}
