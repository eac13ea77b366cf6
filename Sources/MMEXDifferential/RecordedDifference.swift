import Differential

/// A difference between the legacy session and a reader/writer session that the port makes on purpose, recorded in
/// MIGRATION.md ("Recorded differences") with its reason. A mismatch it covers is reported apart from the others and
/// does not fail a comparison; anything else that differs does.
public struct RecordedDifference: Sendable {
    /// The identifier MIGRATION.md lists.
    public let id: String
    /// What differs and why the port keeps it.
    public let summary: String
    let covers: @Sendable (Mismatch, SourceFacts) -> Bool

    /// Every recorded difference.
    public static let all: [RecordedDifference] = [
        RecordedDifference(
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

/// What the differential run knows of the source file, for deciding whether a recorded difference applies.
public struct SourceFacts: Sendable, Hashable {
    /// The source is a WAL-mode file.
    public var isWALMode: Bool

    public init(isWALMode: Bool) {
        self.isWALMode = isWALMode
    }
}
