/// Every slice ported to both drivers, in the port's order: the one list `driverport diff`, the tests and
/// MIGRATION.md's status table read.
///
/// To add a slice (see MIGRATION.md, "How to add a slice"): write its repositories on each driver
/// (`Sources/MMEXLegacy`, `Sources/MMEXReaderWriter`, vended by both sessions' contexts), write its scenario file
/// here (a `PortedSlice` with hand-written scenarios and a random operation generator), and add one line below.
public enum SliceRegistry {
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
