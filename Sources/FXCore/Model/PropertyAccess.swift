/// Where a registered property lives in the model, and how it is read and written there: an
/// accessor into one model type — an effect, a layer (or the part of it only one type of layer
/// has), a cell, a force field, the members of a structure — kept without its type, so that one
/// list of descriptors holds them all. A reader asks for the accessor of the model it has
/// (``values(of:)``, ``choices(of:)``) and gets nil for a property of another model.
struct PropertyAccess: Sendable {
    /// How the property is read and written.
    enum Kind: Sendable {
        /// As an ``AnimatableValue`` (numbers, flags, colors, points, sizes, lists, paths).
        case value
        /// By name: an enumeration's case, or a string.
        case choice
        /// By code of its own (structures, lists of objects, texture names, key paths).
        case decodedApart
    }

    let kind: Kind
    private let accessor: (any Sendable)?
    /// What an object that writes nothing holds (read from its model type's
    /// ``PropertyModel/unwritten``): a value, or a name.
    let unwrittenValue: AnimatableValue?
    let unwrittenChoice: String?

    private init(kind: Kind, accessor: (any Sendable)?, unwrittenValue: AnimatableValue? = nil, unwrittenChoice: String? = nil) {
        self.kind = kind
        self.accessor = accessor
        self.unwrittenValue = unwrittenValue
        self.unwrittenChoice = unwrittenChoice
    }

    /// A property held as a value by `Model`.
    static func value<Model: PropertyModel>(_ accessor: PropertyAccessor<Model>) -> PropertyAccess {
        PropertyAccess(kind: .value, accessor: accessor,
                       unwrittenValue: accessor.isSet(Model.unwritten) ? accessor.read(Model.unwritten) : nil)
    }

    /// A property held as a value by a layer's part (read from the part's defaults on a layer
    /// without it, not written there).
    static func value<Part: LayerPart>(_ accessor: PropertyAccessor<Part>) -> PropertyAccess {
        value(accessor.within(Part.part, fallback: Part()))
    }

    /// A property held by name by `Model`.
    static func choice<Model: PropertyModel>(_ accessor: ChoiceAccessor<Model>) -> PropertyAccess {
        PropertyAccess(kind: .choice, accessor: accessor,
                       unwrittenChoice: accessor.isSet(Model.unwritten) ? accessor.read(Model.unwritten) : nil)
    }

    /// A property held by name by a layer's part.
    static func choice<Part: LayerPart>(_ accessor: ChoiceAccessor<Part>) -> PropertyAccess {
        choice(accessor.within(Part.part, fallback: Part()))
    }

    /// A property decoded and kept by code of its own.
    static let decodedApart = PropertyAccess(kind: .decodedApart, accessor: nil)

    /// The accessor of a property that `Model` holds as a value, or nil.
    func values<Model>(of model: Model.Type) -> PropertyAccessor<Model>? {
        accessor as? PropertyAccessor<Model>
    }

    /// The accessor of a property that `Model` holds by name, or nil.
    func choices<Model>(of model: Model.Type) -> ChoiceAccessor<Model>? {
        accessor as? ChoiceAccessor<Model>
    }
}
