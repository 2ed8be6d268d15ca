/// The platform exported code is written for: its UI framework decides how images and point
/// values are made (`UIImage`/`NSImage`, `NSValue(cgPoint:)`/`NSValue(point:)`) and whether
/// the root layer flips its geometry to keep fx's (and iOS's) y-down coordinates.
public enum ExportPlatform: String, CaseIterable, Sendable {
    /// iOS, iPadOS, tvOS, visionOS: UIKit; layers are y-down.
    case ios
    /// macOS: AppKit; the root layer sets `isGeometryFlipped` so that y points down as in fx.
    case macos

    /// The UI framework the code imports.
    public var framework: String {
        switch self {
        case .ios: return "UIKit"
        case .macos: return "AppKit"
        }
    }
}
