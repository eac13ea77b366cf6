import Foundation
import SQLiteEngine

extension DifferentialHarness {
    /// The switch-over check (``opensBaselineFileWithCandidate``): a private copy of the file the baseline left
    /// (with its `-wal` and `-journal`) opened through the candidate's own opening path and closed again. A refusal
    /// is a mismatch of kind ``Mismatch/Kind/open`` named ``PortingTrap/candidateRefusesLegacyFile``: the day a user
    /// installs the new build, it would refuse the file the old build left.
    func switchOverMismatches(_ copies: WorkingCopies) -> [Mismatch] {
        let folder = copies.root.appendingPathComponent("switch-over-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent(URL(fileURLWithPath: copies.baselinePath).lastPathComponent).path
        do {
            try FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700]
            )
            for suffix in ["", "-wal", "-journal"]
            where suffix.isEmpty || FileManager.default.fileExists(atPath: copies.baselinePath + suffix) {
                try FileCopy.copy(copies.baselinePath + suffix, to: path + suffix)
            }
        } catch {
            return [mismatch(.open, field: switchOverField, "copied", "cannot copy the \(baseline.name) file: \(error)")]
        }
        let opened: Subject
        do { opened = try candidate.open(path) } catch {
            return [refusal("threw \(describe(error, path))")]
        }
        do { try candidate.close(opened) } catch {
            return [refusal("opened, then threw on close: \(describe(error, path))")]
        }
        return []
    }

    private var switchOverField: String { "(\(candidate.name) opens the file \(baseline.name) left)" }

    private func refusal(_ outcome: String) -> Mismatch {
        var found = mismatch(.open, field: switchOverField, "opened", outcome)
        found.trap = .candidateRefusesLegacyFile
        return found
    }
}
