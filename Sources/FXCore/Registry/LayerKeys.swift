// The keys every layer accepts, the media-timing keys layers, cells and animations share, and
// the keys of replicator, gradient, shape, text and image layers.

extension LayerKeys {
    /// The `type` key: what the layer draws: the Core Animation class it stands for.
    public static let type = PropertyDescriptor(
        "type", .layer, .cases(of: Layer.LayerType.self), extension: false, access: .choice(.of(\Layer.type)),
        "what the layer draws: the Core Animation class it stands for")
    /// The `name` key: the name in key paths, `fx inspect` and `--keypath` (made unique with `#2`, `#3`, …).
    public static let name = PropertyDescriptor(
        "name", .layer, .string, coreAnimation: "CALayer.name", default: .none("none"), access: .choice(.optionalText(\Layer.name)),
        examples: ["\"sparks\""], "the name in key paths, `fx inspect` and `--keypath` (made unique with `#2`, `#3`, …)")
    /// The `position` key: where the anchor point sits in the parent's coordinates.
    public static let position = PropertyDescriptor(
        "position", .layer, .point, unit: "pt", coreAnimation: "CALayer.position", animatable: true,
        access: .value(.point(\Layer.position)), "where the anchor point sits in the parent's coordinates")
    /// The `bounds` key: the layer's own coordinate rectangle: a size `[w, h]` or a rect `[x, y, w, h]`.
    public static let bounds = PropertyDescriptor(
        "bounds", .layer, .bounds, unit: "pt", coreAnimation: "CALayer.bounds", animatable: true,
        access: .value(.rect(\Layer.bounds)), "the layer's own coordinate rectangle: a size `[w, h]` or a rect `[x, y, w, h]`")
    /// The `anchorPoint` key: the point of the bounds placed at `position`, in unit coordinates of the bounds.
    public static let anchorPoint = PropertyDescriptor(
        "anchorPoint", .layer, .point, coreAnimation: "CALayer.anchorPoint", animatable: true,
        access: .value(.point(\Layer.anchorPoint)), "the point of the bounds placed at `position`, in unit coordinates of the bounds")
    /// The `transform` key: the layer's 3D transform about its anchor point.
    public static let transform = PropertyDescriptor(
        "transform", .layer, .transform, coreAnimation: "CALayer.transform", animatable: true,
        access: .value(.transform(\Layer.transform)), "the layer's 3D transform about its anchor point")
    /// The `sublayerTransform` key: a transform of the sublayers about the anchor point, where a perspective is set.
    public static let sublayerTransform = PropertyDescriptor(
        "sublayerTransform", .layer, .transform, coreAnimation: "CALayer.sublayerTransform", animatable: true,
        access: .value(.transform(\Layer.sublayerTransform)), "a transform of the sublayers about the anchor point, where a perspective is set")
    /// The `opacity` key: multiplied down the tree; a layer with sublayers fades as a group.
    public static let opacity = PropertyDescriptor(
        "opacity", .layer, .number, range: .unit, coreAnimation: "CALayer.opacity", animatable: true,
        access: .value(.number(\Layer.opacity)), "multiplied down the tree; a layer with sublayers fades as a group")
    /// The `zPosition` key: orders siblings (higher drawn later) and moves the layer in depth.
    public static let zPosition = PropertyDescriptor(
        "zPosition", .layer, .number, unit: "pt", coreAnimation: "CALayer.zPosition", animatable: true,
        access: .value(.number(\Layer.zPosition)), "orders siblings (higher drawn later) and moves the layer in depth")
    /// The `hidden` key: hides the layer and its sublayers (hidden emitters still simulate).
    public static let hidden = PropertyDescriptor(
        "hidden", .layer, .boolean, coreAnimation: "CALayer.isHidden", animatable: true,
        access: .value(.bool(\Layer.hidden)), "hides the layer and its sublayers (hidden emitters still simulate)")
    /// The `backgroundColor` key: fills the bounds, rounded by `cornerRadius`.
    public static let backgroundColor = PropertyDescriptor(
        "backgroundColor", .layer, .color, coreAnimation: "CALayer.backgroundColor", animatable: true, default: .none("none"),
        access: .value(.optionalColor(\Layer.backgroundColor)), "fills the bounds, rounded by `cornerRadius`")
    /// The `cornerRadius` key: rounds the background, border and `masksToBounds` clip.
    public static let cornerRadius = PropertyDescriptor(
        "cornerRadius", .layer, .number, range: .nonNegative, unit: "pt", coreAnimation: "CALayer.cornerRadius", animatable: true,
        access: .value(.number(\Layer.cornerRadius)), "rounds the background, border and `masksToBounds` clip")
    /// The `borderWidth` key: the border drawn inside the bounds.
    public static let borderWidth = PropertyDescriptor(
        "borderWidth", .layer, .number, range: .nonNegative, unit: "pt", coreAnimation: "CALayer.borderWidth", animatable: true,
        access: .value(.number(\Layer.borderWidth)), "the border drawn inside the bounds")
    /// The `borderColor` key: the border's color.
    public static let borderColor = PropertyDescriptor(
        "borderColor", .layer, .color, coreAnimation: "CALayer.borderColor", animatable: true,
        access: .value(.color(\Layer.borderColor)), "the border's color")
    /// The `masksToBounds` key: clips the contents and sublayers to the bounds, rounded by `cornerRadius`.
    public static let masksToBounds = PropertyDescriptor(
        "masksToBounds", .layer, .boolean, coreAnimation: "CALayer.masksToBounds", animatable: true,
        access: .value(.bool(\Layer.masksToBounds)), "clips the contents and sublayers to the bounds, rounded by `cornerRadius`")
    /// The `shadowColor` key: the shadow's color.
    public static let shadowColor = PropertyDescriptor(
        "shadowColor", .layer, .color, coreAnimation: "CALayer.shadowColor", animatable: true,
        access: .value(.color(\Layer.shadowColor)), "the shadow's color")
    /// The `shadowOpacity` key: how opaque the shadow is; 0 draws none.
    public static let shadowOpacity = PropertyDescriptor(
        "shadowOpacity", .layer, .number, range: .unit, coreAnimation: "CALayer.shadowOpacity", animatable: true,
        access: .value(.number(\Layer.shadowOpacity)), "how opaque the shadow is; 0 draws none")
    /// The `shadowRadius` key: the shadow's blur: the standard deviation of its Gaussian blur; 0 is a hard edge.
    public static let shadowRadius = PropertyDescriptor(
        "shadowRadius", .layer, .number, range: .nonNegative, unit: "pt", coreAnimation: "CALayer.shadowRadius", animatable: true,
        access: .value(.number(\Layer.shadowRadius)), "the shadow's blur: the standard deviation of its Gaussian blur; 0 is a hard edge")
    /// The `shadowOffset` key: how far the shadow moves from the content, in the layer's points; Core Animation's
    /// default [0, −3] is 3 points up.
    public static let shadowOffset = PropertyDescriptor(
        "shadowOffset", .layer, .size, unit: "pt", coreAnimation: "CALayer.shadowOffset", animatable: true,
        access: .value(.size(\Layer.shadowOffset)),
        "how far the shadow moves from the content, in the layer's points; Core Animation's default [0, −3] is 3 points up")
    /// The `shadowPath` key: the shadow's shape (filled non-zero), in the layer's coordinates, instead of the content's
    /// alpha.
    public static let shadowPath = PropertyDescriptor(
        "shadowPath", .layer, .path, coreAnimation: "CALayer.shadowPath", animatable: true, default: .none("none"),
        access: .value(.optionalPath(\Layer.shadowPath)),
        "the shadow's shape (filled non-zero), in the layer's coordinates, instead of the content's alpha")
    /// The `mask` key: a layer whose alpha multiplies this one and its sublayers.
    public static let mask = PropertyDescriptor(
        "mask", .layer, .structure, coreAnimation: "CALayer.mask", default: .none("none"),
        examples: ["{\"type\": \"shape\", \"path\": {\"circle\": [100, 100, 80]}, \"fillColor\": \"white\"}"],
        "a layer whose alpha multiplies this one and its sublayers")
    /// The `sublayers` key: the child layers, in this layer's coordinates.
    public static let sublayers = PropertyDescriptor(
        "sublayers", .layer, .structure, coreAnimation: "CALayer.sublayers", default: .empty("[]"),
        examples: ["[{\"type\": \"shape\", \"path\": \"M 0 0 L 100 0\", \"strokeColor\": \"white\", \"lineWidth\": 2}]"],
        "the child layers, in this layer's coordinates")
    /// The `animations` key: the layer's keypath animations, timed in its time.
    public static let animations = PropertyDescriptor(
        "animations", .layer, .structure, extension: false, default: .empty("[]"),
        examples: ["[{\"type\": \"basic\", \"keyPath\": \"opacity\", \"fromValue\": 0, \"toValue\": 1, \"duration\": 1}]"],
        "the layer's keypath animations, timed in its time")
    /// The `timeOffsetFollowsPointer` key: in the window, a drag sets the layer's `timeOffset` (fx key): `{"axis": "x"
    /// | "y", "from": pt, "to": pt, "duration": s}` maps the pointer's coordinate from `from`…`to` (canvas points) to
    /// 0…`duration` s, clamped (`duration` default: the end of the layer's and its sublayers' animations); give the
    /// layer `speed: 0`.
    public static let timeOffsetFollowsPointer = PropertyDescriptor(
        "timeOffsetFollowsPointer", .layer, .structure, default: .none("none"), members: TimeOffsetFollowsPointerKeys.all,
        "in the window, a drag sets the layer's `timeOffset` (fx key): `{\"axis\": \"x\" | \"y\", \"from\": pt, \"to\": pt, \"duration\": s}` maps the pointer's coordinate from `from`…`to` (canvas points) to 0…`duration` s, clamped (`duration` default: the end of the layer's and its sublayers' animations); give the layer `speed: 0`")

    /// In the documentation's order.
    static let all = [type, name, position, bounds, anchorPoint, transform, sublayerTransform, opacity, zPosition, hidden,
                      backgroundColor, cornerRadius, borderWidth, borderColor, masksToBounds, shadowColor, shadowOpacity,
                      shadowRadius, shadowOffset, shadowPath, mask, sublayers, animations, timeOffsetFollowsPointer]
}

extension TimeOffsetFollowsPointerKeys {
    /// The `axis` key: the pointer's coordinate that drives the time: across (`x`) or down (`y`); required.
    public static let axis = PropertyDescriptor(
        "axis", .layer, .cases(of: TimeOffsetFollowsPointer.Axis.self), default: .required,
        access: .choice(.of(\TimeOffsetFollowsPointer.axis)), required: true,
        "the pointer's coordinate that drives the time: across (`x`) or down (`y`); required")
    /// The `from` key: where along the axis (canvas points) the time is 0; required.
    public static let from = PropertyDescriptor(
        "from", .layer, .number, unit: "pt", default: .required, access: .value(.number(\TimeOffsetFollowsPointer.from)),
        required: true, "where along the axis (canvas points) the time is 0; required")
    /// The `to` key: where along the axis the time is `duration` (less than `from`: a drag back plays forward);
    /// required, not `from`.
    public static let to = PropertyDescriptor(
        "to", .layer, .number, unit: "pt", default: .required, access: .value(.number(\TimeOffsetFollowsPointer.to)), required: true,
        "where along the axis the time is `duration` (less than `from`: a drag back plays forward); required, not `from`")
    /// The `duration` key: the layer's time at `to`.
    public static let duration = PropertyDescriptor(
        "duration", .layer, .number, range: .positive, unit: "s", default: .derived("the end of the layer's and its sublayers' animations"),
        access: .value(.optionalNumber(\TimeOffsetFollowsPointer.duration, fallback: { _ in 1 })), "the layer's time at `to`")

    static let all = [axis, from, to, duration]
}

extension MediaTimingKeys {
    /// The `beginTime` key: when it starts, in its parent's time.
    public static let beginTime = PropertyDescriptor(
        "beginTime", .mediaTiming, .number, unit: "s", coreAnimation: "CAMediaTiming.beginTime",
        access: .value(.number(\MediaTiming.beginTime)), "when it starts, in its parent's time")
    /// The `duration` key: the length of one repeat (0: in a group, the group's; an animation's 0.25 s; a layer's or
    /// cell's forever).
    public static let duration = PropertyDescriptor(
        "duration", .mediaTiming, .number, range: .nonNegative, unit: "s", coreAnimation: "CAMediaTiming.duration",
        access: .value(.number(\MediaTiming.duration)),
        "the length of one repeat (0: in a group, the group's; an animation's 0.25 s; a layer's or cell's forever)")
    /// The `speed` key: how fast its time runs against its parent's (0 stops it).
    public static let speed = PropertyDescriptor(
        "speed", .mediaTiming, .number, coreAnimation: "CAMediaTiming.speed", access: .value(.number(\MediaTiming.speed)),
        "how fast its time runs against its parent's (0 stops it)")
    /// The `timeOffset` key: added to its local time: with speed 0, the moment shown.
    public static let timeOffset = PropertyDescriptor(
        "timeOffset", .mediaTiming, .number, unit: "s", coreAnimation: "CAMediaTiming.timeOffset",
        access: .value(.number(\MediaTiming.timeOffset)), "added to its local time: with speed 0, the moment shown")
    /// The `repeatCount` key: how many times it plays, fractions allowed; `"infinity"` forever.
    public static let repeatCount = PropertyDescriptor(
        "repeatCount", .mediaTiming, .repeatCount, range: .closed(0, 1_000_000), coreAnimation: "CAMediaTiming.repeatCount",
        access: .value(.number(\MediaTiming.repeatCount)), "how many times it plays, fractions allowed; `\"infinity\"` forever")
    /// The `repeatDuration` key: how long it repeats, instead of a count.
    public static let repeatDuration = PropertyDescriptor(
        "repeatDuration", .mediaTiming, .number, range: .nonNegative, unit: "s", coreAnimation: "CAMediaTiming.repeatDuration",
        access: .value(.number(\MediaTiming.repeatDuration)), "how long it repeats, instead of a count")
    /// The `autoreverses` key: each repeat plays forward then backward.
    public static let autoreverses = PropertyDescriptor(
        "autoreverses", .mediaTiming, .boolean, coreAnimation: "CAMediaTiming.autoreverses",
        access: .value(.bool(\MediaTiming.autoreverses)), "each repeat plays forward then backward")
    /// The `fillMode` key: whether it holds its first value before it starts (`backwards`), its last after it ends
    /// (`forwards`), or both.
    public static let fillMode = PropertyDescriptor(
        "fillMode", .mediaTiming, .cases(of: MediaTiming.FillMode.self), coreAnimation: "CAMediaTiming.fillMode",
        access: .choice(.of(\MediaTiming.fillMode)),
        "whether it holds its first value before it starts (`backwards`), its last after it ends (`forwards`), or both")

    static let all = [beginTime, duration, speed, timeOffset, repeatCount, repeatDuration, autoreverses, fillMode]
}

extension ReplicatorLayerKeys {
    /// The `instanceCount` key: copies of the sublayers, the original included.
    public static let instanceCount = PropertyDescriptor(
        "instanceCount", .replicatorLayer, .integer, range: .closed(0, Double(ReplicatorProperties.maxInstanceCount)),
        coreAnimation: "CAReplicatorLayer.instanceCount", animatable: true,
        access: .value(.integer(\ReplicatorProperties.instanceCount)), "copies of the sublayers, the original included")
    /// The `instanceDelay` key: copy k runs k · instanceDelay seconds behind.
    public static let instanceDelay = PropertyDescriptor(
        "instanceDelay", .replicatorLayer, .number, unit: "s", coreAnimation: "CAReplicatorLayer.instanceDelay", animatable: true,
        access: .value(.number(\ReplicatorProperties.instanceDelay)), "copy k runs k · instanceDelay seconds behind")
    /// The `instanceTransform` key: applied k times to copy k, about the replicator's centre.
    public static let instanceTransform = PropertyDescriptor(
        "instanceTransform", .replicatorLayer, .transform, coreAnimation: "CAReplicatorLayer.instanceTransform", animatable: true,
        access: .value(.transform(\ReplicatorProperties.instanceTransform)), "applied k times to copy k, about the replicator's centre")
    /// The `instanceColor` key: the tint of copy 0.
    public static let instanceColor = PropertyDescriptor(
        "instanceColor", .replicatorLayer, .color, coreAnimation: "CAReplicatorLayer.instanceColor", animatable: true,
        access: .value(.color(\ReplicatorProperties.instanceColor)), "the tint of copy 0")
    /// The `instanceRedOffset` key: added to the tint's red per copy.
    public static let instanceRedOffset = PropertyDescriptor(
        "instanceRedOffset", .replicatorLayer, .number, coreAnimation: "CAReplicatorLayer.instanceRedOffset", animatable: true,
        access: .value(.number(\ReplicatorProperties.instanceRedOffset)), "added to the tint's red per copy")
    /// The `instanceGreenOffset` key: added to the tint's green per copy.
    public static let instanceGreenOffset = PropertyDescriptor(
        "instanceGreenOffset", .replicatorLayer, .number, coreAnimation: "CAReplicatorLayer.instanceGreenOffset", animatable: true,
        access: .value(.number(\ReplicatorProperties.instanceGreenOffset)), "added to the tint's green per copy")
    /// The `instanceBlueOffset` key: added to the tint's blue per copy.
    public static let instanceBlueOffset = PropertyDescriptor(
        "instanceBlueOffset", .replicatorLayer, .number, coreAnimation: "CAReplicatorLayer.instanceBlueOffset", animatable: true,
        access: .value(.number(\ReplicatorProperties.instanceBlueOffset)), "added to the tint's blue per copy")
    /// The `instanceAlphaOffset` key: added to the tint's alpha per copy.
    public static let instanceAlphaOffset = PropertyDescriptor(
        "instanceAlphaOffset", .replicatorLayer, .number, coreAnimation: "CAReplicatorLayer.instanceAlphaOffset", animatable: true,
        access: .value(.number(\ReplicatorProperties.instanceAlphaOffset)), "added to the tint's alpha per copy")
    /// The `preservesDepth` key: read; copies are always drawn in order.
    public static let preservesDepth = PropertyDescriptor(
        "preservesDepth", .replicatorLayer, .boolean, coreAnimation: "CAReplicatorLayer.preservesDepth",
        access: .value(.bool(\ReplicatorProperties.preservesDepth)), "read; copies are always drawn in order")

    static let all = [instanceCount, instanceDelay, instanceTransform, instanceColor, instanceRedOffset, instanceGreenOffset,
                      instanceBlueOffset, instanceAlphaOffset, preservesDepth]
}

extension GradientLayerKeys {
    /// The `gradientType` key: along start → end (`axial`), out from start (`radial`) or around it (`conic`).
    public static let gradientType = PropertyDescriptor(
        "gradientType", .gradientLayer, .cases(of: GradientProperties.GradientType.self), coreAnimation: "CAGradientLayer.type",
        access: .choice(.of(\GradientProperties.gradientType)),
        "along start → end (`axial`), out from start (`radial`) or around it (`conic`)")
    /// The `colors` key: the colors, in order.
    public static let colors = PropertyDescriptor(
        "colors", .gradientLayer, .colors, coreAnimation: "CAGradientLayer.colors", animatable: true,
        access: .value(.colors(\GradientProperties.colors)), "the colors, in order")
    /// The `locations` key: where each color sits, 0…1 (evenly spread when absent).
    public static let locations = PropertyDescriptor(
        "locations", .gradientLayer, .numbers, coreAnimation: "CAGradientLayer.locations", animatable: true,
        access: .value(.numbers(\GradientProperties.locations)), "where each color sits, 0…1 (evenly spread when absent)")
    /// The `startPoint` key: where the gradient starts, in unit coordinates of the bounds.
    public static let startPoint = PropertyDescriptor(
        "startPoint", .gradientLayer, .point, coreAnimation: "CAGradientLayer.startPoint", animatable: true,
        access: .value(.point(\GradientProperties.startPoint)), "where the gradient starts, in unit coordinates of the bounds")
    /// The `endPoint` key: where it ends, in unit coordinates of the bounds.
    public static let endPoint = PropertyDescriptor(
        "endPoint", .gradientLayer, .point, coreAnimation: "CAGradientLayer.endPoint", animatable: true,
        access: .value(.point(\GradientProperties.endPoint)), "where it ends, in unit coordinates of the bounds")

    static let all = [gradientType, colors, locations, startPoint, endPoint]
}

extension ShapeLayerKeys {
    /// The `path` key: SVG path data, or `{"circle": …}`, `{"rect": …}`, `{"ellipse": …}`; animatable when the commands
    /// stay the same.
    public static let path = PropertyDescriptor(
        "path", .shapeLayer, .path, coreAnimation: "CAShapeLayer.path", animatable: true,
        access: .value(.path(\ShapeProperties.path)),
        "SVG path data, or `{\"circle\": …}`, `{\"rect\": …}`, `{\"ellipse\": …}`; animatable when the commands stay the same")
    /// The `fillColor` key: the fill.
    public static let fillColor = PropertyDescriptor(
        "fillColor", .shapeLayer, .color, coreAnimation: "CAShapeLayer.fillColor", animatable: true,
        access: .value(.color(\ShapeProperties.fillColor)), "the fill")
    /// The `fillRule` key: which parts of an overlapping path are inside.
    public static let fillRule = PropertyDescriptor(
        "fillRule", .shapeLayer, .cases(of: FillRule.self), coreAnimation: "CAShapeLayer.fillRule",
        access: .choice(.of(\ShapeProperties.fillRule)), "which parts of an overlapping path are inside")
    /// The `strokeColor` key: the stroke's color.
    public static let strokeColor = PropertyDescriptor(
        "strokeColor", .shapeLayer, .color, coreAnimation: "CAShapeLayer.strokeColor", animatable: true,
        access: .value(.color(\ShapeProperties.strokeColor)), "the stroke's color")
    /// The `lineWidth` key: the stroke's width, centred on the path.
    public static let lineWidth = PropertyDescriptor(
        "lineWidth", .shapeLayer, .number, range: .nonNegative, unit: "pt", coreAnimation: "CAShapeLayer.lineWidth", animatable: true,
        access: .value(.number(\ShapeProperties.style.lineWidth)), "the stroke's width, centred on the path")
    /// The `lineCap` key: how open ends are drawn.
    public static let lineCap = PropertyDescriptor(
        "lineCap", .shapeLayer, .cases(of: StrokeStyle.Cap.self), coreAnimation: "CAShapeLayer.lineCap",
        access: .choice(.of(\ShapeProperties.style.lineCap)), "how open ends are drawn")
    /// The `lineJoin` key: how corners are drawn.
    public static let lineJoin = PropertyDescriptor(
        "lineJoin", .shapeLayer, .cases(of: StrokeStyle.Join.self), coreAnimation: "CAShapeLayer.lineJoin",
        access: .choice(.of(\ShapeProperties.style.lineJoin)), "how corners are drawn")
    /// The `miterLimit` key: beyond it (× the line width) a miter join is bevelled.
    public static let miterLimit = PropertyDescriptor(
        "miterLimit", .shapeLayer, .number, range: .nonNegative, coreAnimation: "CAShapeLayer.miterLimit", animatable: true,
        access: .value(.number(\ShapeProperties.style.miterLimit)), "beyond it (× the line width) a miter join is bevelled")
    /// The `lineDashPattern` key: dash and gap lengths, up to 1000, each ≥ 0.
    public static let lineDashPattern = PropertyDescriptor(
        "lineDashPattern", .shapeLayer, .numbers, unit: "pt", coreAnimation: "CAShapeLayer.lineDashPattern", default: .none("none"),
        "dash and gap lengths, up to 1000, each ≥ 0")
    /// The `lineDashPhase` key: where in the dash pattern the path starts.
    public static let lineDashPhase = PropertyDescriptor(
        "lineDashPhase", .shapeLayer, .number, unit: "pt", coreAnimation: "CAShapeLayer.lineDashPhase", animatable: true,
        access: .value(.number(\ShapeProperties.style.lineDashPhase)), "where in the dash pattern the path starts")
    /// The `strokeStart` key: where the stroked part starts, as a fraction of the path's length.
    public static let strokeStart = PropertyDescriptor(
        "strokeStart", .shapeLayer, .number, range: .unit, coreAnimation: "CAShapeLayer.strokeStart", animatable: true,
        access: .value(.number(\ShapeProperties.style.strokeStart)), "where the stroked part starts, as a fraction of the path's length")
    /// The `strokeEnd` key: where the stroked part ends, as a fraction of the path's length.
    public static let strokeEnd = PropertyDescriptor(
        "strokeEnd", .shapeLayer, .number, range: .unit, coreAnimation: "CAShapeLayer.strokeEnd", animatable: true,
        access: .value(.number(\ShapeProperties.style.strokeEnd)), "where the stroked part ends, as a fraction of the path's length")

    static let all = [path, fillColor, fillRule, strokeColor, lineWidth, lineCap, lineJoin, miterLimit, lineDashPattern, lineDashPhase,
                      strokeStart, strokeEnd]
}

extension TextLayerKeys {
    /// The `string` key: the text; lines split at `\n`, `\r\n` or `\r`.
    public static let string = PropertyDescriptor(
        "string", .textLayer, .string, maxLength: TextProperties.maxStringLength, coreAnimation: "CATextLayer.string",
        access: .choice(.text(\TextProperties.string)), examples: ["\"Hello\""],
        "the text; lines split at `\\n`, `\\r\\n` or `\\r`")
    /// The `font` key: a family or a .ttf/.otf path relative to the effect file.
    public static let font = PropertyDescriptor(
        "font", .textLayer, .string, coreAnimation: "CATextLayer.font", default: .choice(TextProperties.defaultFont),
        examples: ["\"DejaVu Sans Bold\"", "\"fonts/Title.ttf\""], "a family or a .ttf/.otf path relative to the effect file")
    /// The `fontSize` key: the font's size.
    public static let fontSize = PropertyDescriptor(
        "fontSize", .textLayer, .number, range: .closed(1, 2000), unit: "pt", coreAnimation: "CATextLayer.fontSize", animatable: true,
        access: .value(.number(\TextProperties.fontSize)), "the font's size")
    /// The `foregroundColor` key: the text's color.
    public static let foregroundColor = PropertyDescriptor(
        "foregroundColor", .textLayer, .color, coreAnimation: "CATextLayer.foregroundColor", animatable: true,
        access: .value(.color(\TextProperties.foregroundColor)), "the text's color")
    /// The `alignmentMode` key: where lines sit across the bounds.
    public static let alignmentMode = PropertyDescriptor(
        "alignmentMode", .textLayer, .cases(of: TextAlignment.self), coreAnimation: "CATextLayer.alignmentMode",
        access: .choice(.of(\TextProperties.alignmentMode)), "where lines sit across the bounds")
    /// The `transitions` key: scheduled changes of `string`, with `CATransition`s (fx key).
    public static let transitions = PropertyDescriptor(
        "transitions", .textLayer, .structure, default: .empty("[]"), members: ContentTransitionKeys.text, isListOfObjects: true,
        examples: ["[{\"time\": 1, \"string\": \"Done\", \"type\": \"push\", \"subtype\": \"fromBottom\"}]"],
        "scheduled changes of `string`, with `CATransition`s (fx key)")

    static let all = [string, font, fontSize, foregroundColor, alignmentMode, transitions]
}

extension ImageLayerKeys {
    /// The `contents` key: a texture name: a PNG, JPEG or animated GIF declared under `textures`.
    public static let contents = PropertyDescriptor(
        "contents", .imageLayer, .string, coreAnimation: "CALayer.contents", default: .none("none"), examples: ["\"photo\""],
        "a texture name: a PNG, JPEG or animated GIF declared under `textures`")
    /// The `contentsRect` key: the part of the image drawn, in unit coordinates.
    public static let contentsRect = PropertyDescriptor(
        "contentsRect", .imageLayer, .rect, coreAnimation: "CALayer.contentsRect", animatable: true,
        access: .value(.rect(\ImageProperties.contentsRect)), "the part of the image drawn, in unit coordinates")
    /// The `contentsGravity` key: how the image sits in the bounds.
    public static let contentsGravity = PropertyDescriptor(
        "contentsGravity", .imageLayer, .cases(of: ContentsGravity.self), coreAnimation: "CALayer.contentsGravity",
        access: .choice(.of(\ImageProperties.contentsGravity)), "how the image sits in the bounds")
    /// The `transitions` key: scheduled changes of `contents`, with `CATransition`s (fx key).
    public static let transitions = PropertyDescriptor(
        "transitions", .imageLayer, .structure, default: .empty("[]"), members: ContentTransitionKeys.image, isListOfObjects: true,
        examples: ["[{\"time\": 1, \"contents\": \"pic_2\", \"type\": \"fade\", \"duration\": 0.5}]"],
        "scheduled changes of `contents`, with `CATransition`s (fx key)")

    static let all = [contents, contentsRect, contentsGravity, transitions]
}

extension ContentTransitionKeys {
    /// The `time` key: when the change happens, in the layer's time; required.
    public static let time = PropertyDescriptor(
        "time", .layer, .number, range: .closed(0, Effect.maxDuration), unit: "s", default: .required,
        access: .value(.number(\ContentTransition.time)), required: true, "when the change happens, in the layer's time; required")
    /// The `duration` key: how long the transition takes.
    public static let duration = PropertyDescriptor(
        "duration", .layer, .number, range: .closed(0, 3600), unit: "s", access: .value(.number(\ContentTransition.duration)),
        "how long the transition takes")
    /// The `type` key: the transition: Core Animation's public types and the private ones iOS developers use.
    public static let type = PropertyDescriptor(
        "type", .layer, .cases(of: TransitionType.self), access: .choice(.of(\ContentTransition.kind)),
        "the transition: Core Animation's public types and the private ones iOS developers use")
    /// The `subtype` key: the side the transition starts from.
    public static let subtype = PropertyDescriptor(
        "subtype", .layer, .cases(of: TransitionSubtype.self), access: .choice(.of(\ContentTransition.subtype)),
        "the side the transition starts from")
    /// The `string` key: a text layer's new string (as long as a text layer's `string` may be); required.
    public static let string = PropertyDescriptor(
        "string", .textLayer, .string, maxLength: TextLayerKeys.string.maxLength, default: .required, required: true,
        examples: ["\"Done\""], "a text layer's new string; required")
    /// The `contents` key: an image layer's new contents: a texture name declared under `textures`; required.
    public static let contents = PropertyDescriptor(
        "contents", .imageLayer, .string, default: .required, required: true, examples: ["\"pic_2\""],
        "an image layer's new contents: a texture name declared under `textures`; required")

    /// A text layer's scheduled change, and an image layer's.
    static let text = [time, string, type, subtype, duration]
    static let image = [time, contents, type, subtype, duration]
}
