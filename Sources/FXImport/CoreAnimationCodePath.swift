import FXCore
import Foundation

/// A path the set-up code builds (`UIBezierPath`, `CGMutablePath`, `CGPathCreateMutable()`), as
/// UIKit and Core Graphics draw it in a layer's coordinates (y down), command by command, and
/// written for fx as SVG path data (docs/effect-format.md, "Shape layers").
///
/// Arcs follow UIKit: `UIBezierPath`'s `clockwise` means the angle grows (clockwise on a y-down
/// screen); Core Graphics' `clockwise` is in its own y-up sense, so in a layer it means the angle
/// shrinks, and the caller passes `!clockwise` for it. An arc starts with a line from the current
/// point (a move when there is none), and is drawn as cubic Béziers of at most 90° each. Ovals and
/// rounded rectangles start where UIKit's do: the rightmost point, clockwise; the top edge after
/// the top-left corner.
struct CoreAnimationCodePath {
    private(set) var elements: [Path.Element] = []
    private var current: Point?
    private var start: Point?

    /// The longest path the importer builds (a path grown in a loop stops, warned by the caller).
    static let maxElements = 10_000

    var isFull: Bool { elements.count >= Self.maxElements }

    mutating func move(_ x: Double, _ y: Double) {
        let point = Point(x: x, y: y)
        elements.append(.move(point))
        (current, start) = (point, point)
    }

    mutating func line(_ x: Double, _ y: Double) {
        guard current != nil else { return move(x, y) }
        let point = Point(x: x, y: y)
        elements.append(.line(point))
        current = point
    }

    mutating func quad(control: (Double, Double), to: (Double, Double)) {
        if current == nil { move(control.0, control.1) }
        elements.append(.quad(control: Point(x: control.0, y: control.1), to: Point(x: to.0, y: to.1)))
        current = Point(x: to.0, y: to.1)
    }

    mutating func curve(_ control1: (Double, Double), _ control2: (Double, Double), to: (Double, Double)) {
        if current == nil { move(control1.0, control1.1) }
        elements.append(.cubic(control1: Point(x: control1.0, y: control1.1), control2: Point(x: control2.0, y: control2.1), to: Point(x: to.0, y: to.1)))
        current = Point(x: to.0, y: to.1)
    }

    mutating func close() {
        guard current != nil else { return }
        elements.append(.close)
        current = start
    }

    /// An arc of `radius` about `center` from `startAngle` to `endAngle` (radians), the angle
    /// growing when `increasing` (UIKit's clockwise), wrapping round as Core Graphics does.
    mutating func arc(center: (Double, Double), radius: Double, startAngle: Double, endAngle: Double, increasing: Bool) {
        // An infinite or NaN angle, radius or centre (a division the code makes by zero) draws nothing.
        guard [center.0, center.1, radius, startAngle, endAngle].allSatisfy(\.isFinite) else { return }
        let full = 2 * Double.pi
        var sweep = endAngle - startAngle
        if increasing {
            if sweep < 0 { sweep = sweep.truncatingRemainder(dividingBy: full) + full }
            sweep = min(sweep, full)
        } else {
            if sweep > 0 { sweep = sweep.truncatingRemainder(dividingBy: full) - full }
            sweep = max(sweep, -full)
        }
        let r = abs(radius)
        let first = (center.0 + r * cos(startAngle), center.1 + r * sin(startAngle))
        if current == nil { move(first.0, first.1) } else { line(first.0, first.1) }
        guard r > 0, sweep != 0 else { return }
        let pieces = max(1, Int((abs(sweep) / (Double.pi / 2) - 1e-9).rounded(.up)))
        let step = sweep / Double(pieces)
        let k = 4.0 / 3.0 * tan(step / 4)
        var angle = startAngle
        for _ in 0..<pieces {
            let next = angle + step
            let p0 = (center.0 + r * cos(angle), center.1 + r * sin(angle))
            let p3 = (center.0 + r * cos(next), center.1 + r * sin(next))
            let c1 = (p0.0 - k * r * sin(angle), p0.1 + k * r * cos(angle))
            let c2 = (p3.0 + k * r * sin(next), p3.1 - k * r * cos(next))
            curve(c1, c2, to: p3)
            angle = next
        }
    }

    /// Appends `other`'s commands (`append(_:)`, `appendPath:`, `addPath`).
    mutating func append(_ other: CoreAnimationCodePath) {
        for element in other.elements {
            elements.append(element)
        }
        if let last = other.current { current = last }
        if let first = other.start { start = first }
    }

    /// The oval inscribed in the rectangle, from its rightmost point, clockwise on screen.
    mutating func oval(_ x: Double, _ y: Double, _ width: Double, _ height: Double) {
        add(Path.ellipse(in: Rect(x: x, y: y, width: width, height: height)))
    }

    /// The rectangle (corners rounded by `cornerRadius`), from its top-left corner, clockwise.
    mutating func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double, cornerRadius: Double = 0) {
        add(Path.rect(Rect(x: x, y: y, width: width, height: height), cornerRadius: cornerRadius))
    }

    private mutating func add(_ path: Path) {
        for element in path.elements {
            switch element {
            case .move(let point): move(point.x, point.y)
            case .line(let point): line(point.x, point.y)
            case .quad(let control, let to): quad(control: (control.x, control.y), to: (to.x, to.y))
            case .cubic(let control1, let control2, let to): curve((control1.x, control1.y), (control2.x, control2.y), to: (to.x, to.y))
            case .close: close()
            }
        }
    }

    /// The path as SVG path data, coordinates to 1/1000 of a point.
    var svg: String { svg(number: Self.number) }

    /// The path as SVG path data with every coordinate exact (code as `fx export` writes it).
    var exactSVG: String { svg(number: ImportedJSON.exactText) }

    private func svg(number: (Double) -> String) -> String {
        func text(_ point: Point) -> String { "\(number(point.x)) \(number(point.y))" }
        return elements.map { element in
            switch element {
            case .move(let point): return "M \(text(point))"
            case .line(let point): return "L \(text(point))"
            case .quad(let control, let to): return "Q \(text(control)) \(text(to))"
            case .cubic(let control1, let control2, let to): return "C \(text(control1)) \(text(control2)) \(text(to))"
            case .close: return "Z"
            }
        }.joined(separator: " ")
    }

    static func number(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        return ImportedJSON.text(of: rounded == 0 ? 0 : rounded)
    }
}
