import Differential

/// The differences between the legacy session and a reader/writer session that the port makes on purpose, recorded
/// in MIGRATION.md ("Recorded differences") with their reasons: MMEX's ``KnownDifference``s. The runner gives them
/// to the harness, so a mismatch one covers is reported apart from the others and does not fail a comparison;
/// anything else that differs does.
public enum RecordedDifference {
    /// Every recorded difference.
    public static let all: [KnownDifference] = [
        KnownDifference(
            id: "legacy-takes-wal-files-out-of-wal",
            summary: "the legacy session sets journal_mode=MEMORY as the MMEX app does, which takes a WAL-mode file "
                + "(MMEX desktop 1.9) out of WAL; the queue leaves the journal mode alone and the pool puts the "
                + "original one back, so those files stay in WAL",
            covers: { mismatch, source in
                mismatch.kind == .journalMode && source.isWALMode && mismatch.baseline != "wal"
                    && mismatch.candidate == "wal"
            }
        ),
    ]
}
