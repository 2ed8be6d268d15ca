import CSDL2
import FXCore
import FXSDL
import Foundation

/// Draws sampled key path values as line charts: time across, value up, one line per
/// component. Lines are grouped by unit (`KeyPathSeries.componentUnits`, from the property
/// registry) into panels stacked top to bottom, each with its own y axis, unit heading and
/// legend, so that a 0…1 opacity is not flattened beside a birth rate of 400; the panels share
/// the time axis, labelled under the last one. Headless, supersampled like renders.
public struct Chart {
    /// The heading drawn above the plot.
    public var title: String
    /// The sampled key paths: one line per component of each, against the first series' times.
    public var series: [KeyPathSeries]
    /// The image width in pixels; default 960.
    public var width: Int
    /// The image height in pixels, shared by the panels; default 540.
    public var height: Int

    /// A chart of `series`, `width` × `height` pixels.
    public init(title: String, series: [KeyPathSeries], width: Int = 960, height: Int = 540) {
        self.title = title
        self.series = series
        self.width = width
        self.height = height
    }

    /// Line colors, distinct on the light background.
    static let palette: [(UInt8, UInt8, UInt8)] = [
        (0x1f, 0x77, 0xb4), (0xd6, 0x27, 0x28), (0x2c, 0xa0, 0x2c), (0xff, 0x7f, 0x0e), (0x94, 0x67, 0xbd),
        (0x8c, 0x56, 0x4b), (0xe3, 0x77, 0xc2), (0x17, 0xbe, 0xcf), (0xbc, 0xbd, 0x22), (0x7f, 0x7f, 0x7f),
    ]

    /// One line of the chart: a component of a series.
    struct Line {
        var name: String
        var unit: String
        var times: [Double]
        var values: [Double]
    }

    var lines: [Line] {
        series.flatMap { entry in
            entry.componentNames.indices.map { index in
                Line(name: entry.componentNames[index], unit: index < entry.componentUnits.count ? entry.componentUnits[index] : "",
                     times: entry.times, values: entry.values[index])
            }
        }
    }

    /// The units of the panels, top to bottom: one panel per unit, in the order the lines
    /// first use them (`["1/s", "0…1"]` for a birth rate and an opacity).
    public var panelUnits: [String] {
        var units: [String] = []
        for line in lines where !units.contains(line.unit) { units.append(line.unit) }
        return units
    }

    /// A panel's heading, its y axis' label: the unit as the documentation's key tables write
    /// it (`pt`, `1/s`, `×`), `0…1` for fractions, `no unit` for plain numbers.
    public static func heading(forUnit unit: String) -> String {
        unit.isEmpty ? "no unit" : unit
    }

    // Sizes in output pixels (the drawing is scaled by the supersampling factor).
    static let titleHeight = 40.0
    static let axisLabelsHeight = 50.0
    static let panelGap = 22.0
    static let legendRowHeight = 18.0
    static let minimumPlotHeight = 40.0
    static let rightMargin = 30.0

    /// Draws the chart at twice its size and averages it down to `width` × `height` pixels.
    /// Throws a ``ChartSizeError`` when the panels do not fit the height, and an `SDLError`
    /// when SDL cannot make the surface or the font is missing.
    public func render() throws -> RGBAImage {
        let factor = 2
        let w = width * factor, h = height * factor
        let font = try Font(size: 13 * factor)
        let titleFont = try Font(size: 16 * factor)
        let s = Double(factor)

        let lines = self.lines
        let units = panelUnits.isEmpty ? [""] : panelUnits
        let panelLines = units.map { unit in lines.indices.filter { lines[$0].unit == unit } }
        let sampled = series.first?.times ?? []
        let times = sampled.isEmpty ? [0, 1] : sampled
        let xTicks = Self.niceTicks(times.first!, times.last!, count: 8)

        // Each panel's value range and ticks, with about one tick per 45 pixels of its share of
        // the height; values beyond ±1e15 (and infinities, and NaN where a layer was missing)
        // are left out: they would flatten everything else.
        let share = (Double(height) - Self.titleHeight - Self.axisLabelsHeight) / Double(units.count)
        let tickCount = min(6, max(3, Int(share / 45)))
        let ranges = zip(units, panelLines).map { unit, members -> (low: Double, high: Double, ticks: [Double]) in
            var values = members.flatMap { lines[$0].values }.filter { $0.isFinite && abs($0) < 1e15 }
            // Fractions always show all of 0…1, so a fade reads as a fade, not a full-height swing.
            if unit == AnimatableKeyPath.fractionUnit { values += [0, 1] }
            var low = values.min() ?? 0, high = values.max() ?? 1
            if high - low < 1e-9 { low -= 1; high += 1 }
            let ticks = Self.niceTicks(low, high, count: tickCount)
            return (min(low, ticks.first!), max(high, ticks.last!), ticks)
        }

        // The left margin fits the widest tick label and heading.
        let labelWidth = ranges.flatMap { $0.ticks.map(Self.label) }.map { Double(font.measure($0).width) / s }
            + units.map { Double(font.measure(Self.heading(forUnit: $0)).width) / s }
        let left = max(70, (labelWidth.max() ?? 0) + 16) * s
        let right = Double(w) - Self.rightMargin * s

        // Legends: entries flow left to right and wrap within the plot's width; a legend takes at
        // most a third of its panel, and entries beyond that are counted as "+N more".
        let maximumRows = max(1, Int(share / 3 / Self.legendRowHeight))
        let legends = panelLines.map { members in
            Self.legendLayout(members.map { (lines[$0].name, Double(font.measure(lines[$0].name).width)) },
                              start: left, end: right, scale: s, maximumRows: maximumRows,
                              moreWidth: { Double(font.measure("+\($0) more").width) })
        }
        let legendHeights = legends.map { Double($0.rows) * Self.legendRowHeight + 8 }
        let fixed = Self.titleHeight + Self.axisLabelsHeight + Self.panelGap * Double(units.count - 1) + legendHeights.reduce(0, +)
        let plotHeight = (Double(height) - fixed) / Double(units.count)
        guard plotHeight >= Self.minimumPlotHeight else {
            throw ChartSizeError(width: width, height: height, units: units,
                                 minimumHeight: Int((fixed + Self.minimumPlotHeight * Double(units.count)).rounded(.up)))
        }

        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, Int32(w), Int32(h), 32, fx_pixelformat_rgba32()) else {
            throw SDLError("creating the chart surface")
        }
        defer { SDL_FreeSurface(surface) }
        guard let renderer = SDL_CreateSoftwareRenderer(surface) else { throw SDLError("creating the chart renderer") }
        defer { SDL_DestroyRenderer(renderer) }
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
        SDL_SetRenderDrawColor(renderer, 255, 255, 255, 255)
        SDL_RenderClear(renderer)

        try titleFont.draw(Self.fitted(title, width: right - left, font: titleFont), x: left, y: 10 * s, color: (20, 20, 20, 255), renderer: renderer)
        func px(_ t: Double) -> Double { left + (t - times.first!) / max(times.last! - times.first!, 1e-9) * (right - left) }
        let visibleXTicks = xTicks.filter { $0 >= times.first! - 1e-9 && $0 <= times.last! + 1e-9 }

        var panelTop = Self.titleHeight * s
        for (panel, unit) in units.enumerated() {
            let legend = legends[panel], range = ranges[panel]
            let top = panelTop + legendHeights[panel] * s
            let bottom = top + plotHeight * s
            func py(_ v: Double) -> Double { bottom - (v - range.low) / (range.high - range.low) * (bottom - top) }

            // The unit heading over the tick labels, on the legend's first row.
            try font.draw(Self.heading(forUnit: unit), x: left - 8 * s, y: panelTop, color: (20, 20, 20, 255), anchor: 1, renderer: renderer)
            // Grid and tick labels.
            for tick in range.ticks where tick >= range.low && tick <= range.high {
                SDL_SetRenderDrawColor(renderer, 225, 225, 225, 255)
                SDL_RenderDrawLineF(renderer, Float(left), Float(py(tick)), Float(right), Float(py(tick)))
                try font.draw(Self.label(tick), x: left - 8 * s, y: py(tick) - 8 * s, color: (60, 60, 60, 255), anchor: 1, renderer: renderer)
            }
            for tick in visibleXTicks {
                SDL_SetRenderDrawColor(renderer, 225, 225, 225, 255)
                SDL_RenderDrawLineF(renderer, Float(px(tick)), Float(top), Float(px(tick)), Float(bottom))
            }
            // Axes.
            SDL_SetRenderDrawColor(renderer, 40, 40, 40, 255)
            fillRect(renderer, left - s, top, s, bottom - top + s)
            fillRect(renderer, left - s, bottom, right - left + s, s)
            // Lines and the legend. Every line has a color of its own while the palette lasts;
            // beyond it, colors repeat across panels but not within one.
            for (entry, index) in panelLines[panel].enumerated() {
                let line = lines[index]
                let color = Self.palette[(lines.count <= Self.palette.count ? index : entry) % Self.palette.count]
                let points = zip(line.times, line.values).filter { $0.1.isFinite && abs($0.1) < 1e15 }.map { (px($0.0), py($0.1)) }
                drawPolyline(renderer, points, width: 2.5 * s, color: color)
                guard entry < legend.places.count else { continue }
                let place = legend.places[entry]
                let y = panelTop + Double(place.row) * Self.legendRowHeight * s
                fillRect(renderer, place.x, y + 7 * s, 24 * s, 3 * s, color: color)
                try font.draw(line.name, x: place.x + 32 * s, y: y, color: (20, 20, 20, 255), renderer: renderer)
            }
            if let more = legend.more {
                try font.draw("+\(more.count) more", x: more.x, y: panelTop + Double(legend.rows - 1) * Self.legendRowHeight * s,
                              color: (60, 60, 60, 255), renderer: renderer)
            }
            if panel == units.count - 1 {
                for tick in visibleXTicks {
                    try font.draw(Self.label(tick), x: px(tick), y: bottom + 6 * s, color: (60, 60, 60, 255), anchor: 0.5, renderer: renderer)
                }
                try font.draw("time (s)", x: (left + right) / 2, y: bottom + 26 * s, color: (60, 60, 60, 255), anchor: 0.5, renderer: renderer)
            }
            panelTop = bottom + Self.panelGap * s
        }
        SDL_RenderFlush(renderer)
        return Downsampler.average(surface: surface, factor: factor, width: width, height: height)
    }

    /// `text`, cut short with an ellipsis where it is wider than `width` (a long title).
    static func fitted(_ text: String, width: Double, font: Font) -> String {
        guard Double(font.measure(text).width) > width else { return text }
        var kept = Substring(text)
        while !kept.isEmpty && Double(font.measure(kept + "…").width) > width { kept = kept.dropLast() }
        return kept + "…"
    }

    /// Where a panel's legend entries go: each entry's left edge and row, how many rows, and
    /// where the "+N more" note goes when not every entry fits in `maximumRows`.
    struct LegendLayout {
        var places: [(x: Double, row: Int)] = []
        var rows = 1
        var more: (count: Int, x: Double)?
    }

    /// Flows entries (name and text width, in drawing pixels) from `start` to `end`, wrapping
    /// to new rows; an entry is a 24-pixel swatch, the name, and a gap.
    static func legendLayout(_ entries: [(String, Double)], start: Double, end: Double, scale s: Double, maximumRows: Int,
                             moreWidth: (Int) -> Double) -> LegendLayout {
        var layout = LegendLayout()
        var x = start, row = 0
        var ends: [Double] = []
        for (_, textWidth) in entries {
            let entryWidth = 32 * s + textWidth + 20 * s
            if x > start && x + entryWidth > end {
                row += 1
                x = start
            }
            if row >= maximumRows { break }
            layout.places.append((x, row))
            x += entryWidth
            ends.append(x)
        }
        layout.rows = min(row + 1, maximumRows)
        if layout.places.count < entries.count {
            // Make room for the note on the last row by dropping entries from its end.
            while let last = layout.places.last {
                let count = entries.count - layout.places.count
                if last.row < layout.rows - 1 || ends[layout.places.count - 1] + moreWidth(count) <= end { break }
                layout.places.removeLast()
            }
            let lastEnd = layout.places.last.map { $0.row == layout.rows - 1 ? ends[layout.places.count - 1] : start } ?? start
            layout.more = (entries.count - layout.places.count, lastEnd)
        }
        return layout
    }

    private func fillRect(_ renderer: OpaquePointer, _ x: Double, _ y: Double, _ w: Double, _ h: Double, color: (UInt8, UInt8, UInt8)? = nil) {
        if let color { SDL_SetRenderDrawColor(renderer, color.0, color.1, color.2, 255) }
        var rect = SDL_FRect(x: Float(x), y: Float(y), w: Float(w), h: Float(h))
        SDL_RenderFillRectF(renderer, &rect)
    }

    /// A polyline as quads `width` wide, one per segment, with round-ish joins from small squares.
    private func drawPolyline(_ renderer: OpaquePointer, _ points: [(Double, Double)], width: Double, color: (UInt8, UInt8, UInt8)) {
        guard points.count > 1 else { return }
        var vertices: [SDL_Vertex] = []
        var indices: [Int32] = []
        let sdlColor = SDL_Color(r: color.0, g: color.1, b: color.2, a: 255)
        func add(_ x: Double, _ y: Double) { vertices.append(SDL_Vertex(position: SDL_FPoint(x: Float(x), y: Float(y)), color: sdlColor, tex_coord: SDL_FPoint(x: 0, y: 0))) }
        for (a, b) in zip(points, points.dropFirst()) {
            let dx = b.0 - a.0, dy = b.1 - a.1
            let length = max((dx * dx + dy * dy).squareRoot(), 1e-9)
            // Extend each segment by half the width so that joins close.
            let ux = dx / length * width / 2, uy = dy / length * width / 2
            let nx = -uy, ny = ux
            let base = Int32(vertices.count)
            add(a.0 - ux + nx, a.1 - uy + ny); add(b.0 + ux + nx, b.1 + uy + ny)
            add(b.0 + ux - nx, b.1 + uy - ny); add(a.0 - ux - nx, a.1 - uy - ny)
            indices += [base, base + 1, base + 2, base, base + 2, base + 3]
        }
        SDL_RenderGeometry(renderer, nil, vertices, Int32(vertices.count), indices, Int32(indices.count))
    }

    /// About `count` round tick values covering low…high (1, 2 or 5 times a power of ten apart).
    static func niceTicks(_ low: Double, _ high: Double, count: Int) -> [Double] {
        let span = max(high - low, 1e-12)
        let raw = span / Double(max(count - 1, 1))
        let magnitude = pow(10, floor(log10(raw)))
        let step = [1.0, 2, 5, 10].map { $0 * magnitude }.first { $0 >= raw } ?? 10 * magnitude
        let first = floor(low / step) * step
        var ticks: [Double] = []
        var value = first
        while value <= high + step * 0.5 && ticks.count < 50 {
            ticks.append(abs(value) < step * 1e-9 ? 0 : value)
            value += step
        }
        return ticks
    }

    static func label(_ value: Double) -> String {
        if value == value.rounded() && abs(value) < 1e9 { return String(Int(value)) }
        let text = String(format: "%.3g", value)
        return text
    }
}
