extension EffectDecoder {
    /// The keys of a cell's palette and velocity over life that the registry's accessors do not
    /// read — `contentsChoices` (texture names, resolved as `contents` is), `paletteOrder`,
    /// `velocityOverLife`, the palette's length — and warnings for end ranges without their
    /// end value.
    static func decodeParticleBehaviors(_ reader: ObjectReader, into extensions: inout CellExtensions, textures: TextureResolver,
                                        context: DecodingContext) {
        if extensions.colors.count > ColorPalette.maxEntries {
            reader.error(EmitterCellKeys.colors, "a palette has at most \(ColorPalette.maxEntries) colors, got \(extensions.colors.count)")
            extensions.colors = Array(extensions.colors.prefix(ColorPalette.maxEntries))
        }
        if let node = reader.node(EmitterCellKeys.contentsChoices) {
            let path = reader.childPath(EmitterCellKeys.contentsChoices)
            if case .array(let elements) = node.value, elements.count <= ColorPalette.maxEntries {
                for (index, element) in elements.enumerated() {
                    let elementPath = JSONPath.element(path, index)
                    guard case .string(let name) = element.value else {
                        context.error(at: element.location, path: elementPath,
                                      "expected a texture name (built-in or declared in \"\(EffectKeys.textures.name)\"), got \(describe(element.value))")
                        continue
                    }
                    if let texture = textures.resolve(name, at: element.location, path: elementPath, context: context) {
                        extensions.contentsChoices.append(texture)
                    }
                }
            } else {
                context.error(at: node.location, path: path,
                              "expected a list of at most \(ColorPalette.maxEntries) texture names, got \(describe(node.value))",
                              suggestion: "for example [\"square\", \"circle\", \"star\"]")
            }
        }
        let colors = EmitterCellKeys.colors, choices = EmitterCellKeys.contentsChoices
        if let order = reader.keyLocation(EmitterCellKeys.paletteOrder), extensions.colors.isEmpty && extensions.contentsChoices.isEmpty,
           !reader.hasFailed(colors, choices) {
            context.warning(at: order, path: reader.childPath(EmitterCellKeys.paletteOrder),
                            "paletteOrder says how particles pick their entry of \"\(colors.name)\" and \"\(choices.name)\", but the cell has neither, so it does nothing",
                            suggestion: "add \"\(colors.name)\" (a list of colors) or \"\(choices.name)\" (a list of texture names)")
        }
        for range in [EmitterCellKeys.endRedRange, EmitterCellKeys.endGreenRange, EmitterCellKeys.endBlueRange, EmitterCellKeys.endAlphaRange]
            where extensions.endColor == nil && reader.has(range) {
            warnSpreadWithoutMean(reader, range: range, mean: EmitterCellKeys.endColor, context: context)
        }
        if extensions.endScale == nil && reader.has(EmitterCellKeys.endScaleRange) {
            warnSpreadWithoutMean(reader, range: EmitterCellKeys.endScaleRange, mean: EmitterCellKeys.endScale, context: context)
        }
        if extensions.endRotation == nil && reader.has(EmitterCellKeys.endRotationRange) {
            warnSpreadWithoutMean(reader, range: EmitterCellKeys.endRotationRange, mean: EmitterCellKeys.endRotation, context: context)
        }
        if let node = reader.node(EmitterCellKeys.velocityOverLife) {
            extensions.velocityOverLife = lifeSequence(node, path: reader.childPath(EmitterCellKeys.velocityOverLife), context: context) { element, path in
                guard case .number(let n) = element.value, n.isFinite, abs(n) <= 1e6 else {
                    context.error(at: element.location, path: path, "expected a factor of the velocity (a number), got \(describe(element.value))")
                    return nil
                }
                return n
            }
        }
    }

    /// Warns that an end range was given without its end value, so it does nothing.
    private static func warnSpreadWithoutMean(_ reader: ObjectReader, range: PropertyDescriptor, mean: PropertyDescriptor,
                                              context: DecodingContext) {
        // A wrong end value was said already; that it is then missing is no news.
        guard !reader.hasFailed(mean) else { return }
        context.warning(at: reader.keyLocation(range) ?? reader.location, path: reader.childPath(range),
                        "\(range.name) spreads \(mean.name), but the cell has no \(mean.name), so it does nothing",
                        suggestion: "set \"\(mean.name)\"")
    }
}
