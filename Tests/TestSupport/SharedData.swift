import Foundation

/// Where the project's shared reference data lives (`../shared` beside the repository), for tests.
///
/// Tests read MMEX reference files from there and never copy them into the repository.
/// `DRIVERPORT_SHARED` overrides the location.
public enum SharedData {
    /// The repository's root folder.
    public static let repositoryRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        // Tests/TestSupport/SharedData.swift -> repository root
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url
    }()

    /// The `shared/` folder.
    public static let root: URL = {
        if let override = ProcessInfo.processInfo.environment["DRIVERPORT_SHARED"], !override.isEmpty {
            return URL(fileURLWithPath: override)
        }
        return repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared")
    }()

    /// `shared/mmex/tables-v21.sql`.
    public static var referenceSchema: URL { root.appendingPathComponent("mmex/tables-v21.sql") }

    /// `shared/mmex/real/NAME`.
    public static func realFile(_ name: String) -> URL { root.appendingPathComponent("mmex/real/\(name)") }

    /// The real MMEX files with their true `user_version`.
    public static let realFiles: [(name: String, userVersion: Int64)] = [
        ("desktop-1.9.2-wal-sample.mmb", 21),
        ("desktop-1.9.2-empty.mmb", 21),
        ("android-v19-cyrillic.mmb", 19),
        ("mmex-0.9.7.0-v0.mmb", 0),
    ]
}
