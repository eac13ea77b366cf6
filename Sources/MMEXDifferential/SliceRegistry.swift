extension SliceRegistry {
    /// The ported slices named in `names` (all when `names` is empty), in the port's order.
    ///
    /// - Throws: ``UnknownSliceError`` naming what is not a ported slice.
    public static func slices(named names: [String]) throws -> [PortedSlice] {
        let all = ported
        guard !names.isEmpty else { return all }
        let known = Set(all.map(\.name))
        if let unknown = names.first(where: { !known.contains($0) }) {
            throw UnknownSliceError(name: unknown, ported: all.map(\.name))
        }
        return all.filter { names.contains($0.name) }
    }
}

/// A slice name that is not a ported slice.
public struct UnknownSliceError: Error, Sendable, CustomStringConvertible {
    public let name: String
    public let ported: [String]

    public var description: String {
        "'\(name)' is not a ported slice; ported: \(ported.joined(separator: ", "))"
    }
}
