/// Which driver a session runs on.
public enum DriverKind: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// The query-builder driver: one retained connection, synchronous, as an app on SQLite.swift has it today.
    case legacy
    /// The reader/writer driver's serialized queue: one connection, every access serialized, journal mode left alone.
    case queue
    /// The reader/writer driver's pool: WAL, one writer beside several snapshot readers.
    case pool

    public var description: String { rawValue }
}
