import CSDL2
import FXCore
import Foundation

/// A contact sheet: thumbnails of effects in a grid, each labelled with its name.
public struct ContactSheet {
    /// The width of a thumbnail's cell in pixels; default 240.
    public var cellWidth = 240
    /// The height of a thumbnail's cell in pixels, not counting its label; default 180.
    public var cellHeight = 180
    /// Thumbnails per row; default 5.
    public var columns = 5
    /// The sheet's color behind the thumbnails; default a light grey. With alpha below 1 (`.clear`
    /// for none) the sheet is written with straight alpha and the thumbnails' own transparency.
    public var background = Color(red: 0.96, green: 0.96, blue: 0.97)

    /// A sheet with the default cells: 5 columns of 240 × 180 pixels.
    public init() {}

    /// The size a thumbnail of a canvas gets: as large as fits a cell, keeping its aspect.
    public func thumbnailSize(for canvas: Size) -> (width: Int, height: Int) {
        let scale = min(Double(cellWidth) / canvas.width, Double(cellHeight) / canvas.height)
        return (max(1, Int((canvas.width * scale).rounded())), max(1, Int((canvas.height * scale).rounded())))
    }

    /// Lays the thumbnails out, centred in their cells, with their names below.
    public func render(_ items: [(name: String, image: RGBAImage)]) throws -> RGBAImage {
        let labelHeight = 28, margin = 16
        let columns = max(1, self.columns)
        let rows = max(1, (items.count + columns - 1) / columns)
        let width = margin + columns * (cellWidth + margin)
        let height = margin + rows * (cellHeight + labelHeight + margin)
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, Int32(width), Int32(height), 32, fx_pixelformat_rgba32()) else {
            throw SDLError("creating the contact sheet")
        }
        defer { SDL_FreeSurface(surface) }
        guard let renderer = SDL_CreateSoftwareRenderer(surface) else { throw SDLError("creating the contact sheet renderer") }
        defer { SDL_DestroyRenderer(renderer) }
        let background = self.background.clamped
        SDL_SetRenderDrawColor(renderer, UInt8(background.red * 255), UInt8(background.green * 255), UInt8(background.blue * 255),
                               UInt8((background.alpha * 255).rounded()))
        SDL_RenderClear(renderer)
        let font = try Font(size: 15)
        for (index, item) in items.enumerated() {
            let column = index % columns, row = index / columns
            let cellX = margin + column * (cellWidth + margin), cellY = margin + row * (cellHeight + labelHeight + margin)
            var pixels = item.image.pixels
            guard let texture = SDL_CreateTexture(renderer, fx_pixelformat_rgba32(), Int32(SDL_TEXTUREACCESS_STATIC.rawValue),
                                                  Int32(item.image.width), Int32(item.image.height)) else { throw SDLError("creating a thumbnail") }
            defer { SDL_DestroyTexture(texture) }
            _ = pixels.withUnsafeMutableBytes { SDL_UpdateTexture(texture, nil, $0.baseAddress, Int32(item.image.width * 4)) }
            // Blended, not copied: a thumbnail with transparency shows the sheet through it.
            SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
            var target = SDL_Rect(x: Int32(cellX + (cellWidth - item.image.width) / 2), y: Int32(cellY + (cellHeight - item.image.height) / 2),
                                  w: Int32(item.image.width), h: Int32(item.image.height))
            SDL_RenderCopy(renderer, texture, nil, &target)
            try font.draw(item.name, x: Double(cellX + cellWidth / 2), y: Double(cellY + cellHeight + 5), color: (40, 44, 52, 255),
                          anchor: 0.5, renderer: renderer)
        }
        SDL_RenderFlush(renderer)
        return Downsampler.average(surface: surface, factor: 1, width: width, height: height, straight: background.alpha < 1)
    }
}
