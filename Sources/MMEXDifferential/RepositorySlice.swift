/// A slice's place in the port: the name `--slices` takes and reports show (`infotable`), and its stage in the port
/// plan (0 for the first slice, then issue 8's numbered slices: 1 currencies; 2 lookups; 3 transactions; 4 scheduled,
/// budgets, assets, stocks; 5 reports; 6 import; 7 duplicates).
///
/// Each slice's file declares its own as a static member (`RepositorySlice.tags`), beside its ``PortedSlice``.
public struct RepositorySlice: Sendable, Hashable, CustomStringConvertible {
    /// The slice's name (`infotable`, `import`).
    public let rawValue: String
    /// Its stage in the port plan; the registry lists slices in stage order.
    public let stage: Int

    /// A slice named `name` (lower case, as `--slices` takes it) at `stage` of the port plan.
    public init(_ name: String, stage: Int) {
        rawValue = name
        self.stage = stage
    }

    public var description: String { rawValue }
}
