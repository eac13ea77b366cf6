/// Every slice ported to both drivers, in the port's order: the one list `driverport diff`, `driverport record`, the
/// tests and MIGRATION.md's status table read.
///
/// To add a slice (MIGRATION.md, "How to add a slice"): its model file (protocols, key, accessors), its repository
/// on each driver (each file conforming the key to its driver's key protocol), its scenario file here (a
/// ``PortedSlice``), and one line in ``ported``. A key declared in `Sources` that no registered slice lists fails
/// `SliceRegistryCompletenessTests`, which names it.
public enum SliceRegistry {
    /// MMEX's ported slices, one line each, in stage order.
    public static var ported: [PortedSlice] {
        [
            InfoTableScenarios.slice,
            CurrencyScenarios.slice,
            AccountScenarios.slice,
            PayeeScenarios.slice,
            CategoryScenarios.slice,
            TagScenarios.slice,
            TransactionScenarios.slice,
            ScheduledScenarios.slice,
            BudgetScenarios.slice,
            AssetScenarios.slice,
            StockScenarios.slice,
            ReportScenarios.slice,
            ImportScenarios.slice,
            DuplicateScenarios.slice,
        ]
    }

    /// The slices of `slices` named in `names` (all when `names` is empty), in their order.
    ///
    /// - Throws: ``UnknownSliceError`` naming what is not one of `slices`.
    public static func slices(named names: [String], in slices: [PortedSlice] = ported) throws -> [PortedSlice] {
        guard !names.isEmpty else { return slices }
        let known = Set(slices.map(\.name))
        if let unknown = names.first(where: { !known.contains($0) }) {
            throw UnknownSliceError(name: unknown, ported: slices.map(\.name))
        }
        return slices.filter { names.contains($0.name) }
    }

    /// Every repository of `slices`, in their order: the status table's rows.
    public static func repositories(of slices: [PortedSlice] = ported) -> [MMEXRepository] {
        slices.flatMap(\.repositories)
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
