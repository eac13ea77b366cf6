import Foundation
import MMEXDifferential
import MMEXModel
import TestSupport
import Testing

/// MIGRATION.md's status table says what the code does: every fact in it is derived from the sessions and the slice
/// registry, and the file must hold exactly that table.
@Suite("MIGRATION.md stays true")
struct MigrationStatusTests {
    private static let document = SharedData.repositoryRoot.appendingPathComponent("MIGRATION.md")

    /// The lines of the table under `## Status`.
    private func documentedTable() throws -> String {
        let text = try String(contentsOf: Self.document, encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        let start = try #require(lines.firstIndex(of: "## Status"), "MIGRATION.md has a '## Status' section")
        let table = lines[start...].drop { !$0.hasPrefix("|") }.prefix { $0.hasPrefix("|") }
        return table.joined(separator: "\n")
    }

    @Test("the status table is the one the sessions and the slice registry derive")
    func tableMatchesTheCode() throws {
        let expected = MigrationStatus.markdown(try MigrationStatus.rows())
        let documented = try documentedTable()
        #expect(documented == expected, "replace the table under '## Status' in MIGRATION.md with:\n\(expected)")
    }

    @Test("every repository of a registered slice has one row, ported on both drivers with scenarios")
    func portedMeansBothDriversAndScenarios() throws {
        let rows = try MigrationStatus.rows()
        #expect(rows.map(\.repository) == SliceRegistry.repositories(), "one row per registered repository, in order")
        #expect(Set(rows.map(\.repository)).count == rows.count, "no repository is in two slices")
        for row in rows {
            #expect(row.legacy, "\(row.repository) is registered but the legacy session does not vend it")
            #expect(row.readerWriter, "\(row.repository) is registered but a reader/writer session does not vend it")
            #expect(row.scenarios > 0, "\(row.repository) is registered without scenarios")
            #expect(row.isPorted)
        }
        for slice in SliceRegistry.ported {
            #expect(slice.handWritten.count > 0, "\(slice.name) has hand-written scenarios")
        }
    }

    @Test("slices are numbered in the port's order, under names of their own")
    func sliceStages() throws {
        let slices = SliceRegistry.ported.map(\.slice)
        #expect(slices.first == .infoTable)
        #expect(RepositorySlice.infoTable.stage == 0)
        #expect(slices.map(\.stage) == slices.map(\.stage).sorted())
        #expect(Set(slices.map(\.rawValue)).count == slices.count)
        #expect(try SliceRegistry.slices(named: ["import"]).map(\.slice) == [.importing])
    }

    @Test("every recorded difference is explained in MIGRATION.md")
    func recordedDifferencesAreDocumented() throws {
        let text = try String(contentsOf: Self.document, encoding: .utf8)
        for difference in RecordedDifference.all {
            #expect(text.contains("`\(difference.id)`"), "MIGRATION.md explains \(difference.id)")
        }
    }
}
