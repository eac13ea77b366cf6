import Foundation
import Testing

extension SharedData {
    /// Whether `shared/` is present: the real MMEX files, the reference schema and the upstream upgrade scripts.
    ///
    /// A clone from GitHub has no `../shared` beside it; tests that read it are then skipped with the reason.
    public static var isAvailable: Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: root.appendingPathComponent("mmex").path, isDirectory: &isFolder)
            && isFolder.boolValue
    }

    /// Whether a missing `shared/` is a failure rather than a skip: under `CI=true`, which always has it beside the
    /// clone, so that a test that quietly stopped finding its data cannot pass by skipping.
    public static var isRequired: Bool {
        ProcessInfo.processInfo.environment["CI"] == "true"
    }

    /// The sentence a skipped test prints.
    public static var skipReason: Comment {
        Comment(rawValue: "needs ../shared (the real MMEX files and reference scripts), which a clone from GitHub "
            + "does not have; looked in \(root.path)")
    }
}

extension Trait where Self == ConditionTrait {
    /// Runs the test only where `../shared` is present (``SharedData/isAvailable``), or under `CI=true`, where its
    /// absence makes the test fail instead of skip (``SharedData/isRequired``).
    public static var needsSharedData: Self {
        .enabled(if: SharedData.isAvailable || SharedData.isRequired, SharedData.skipReason)
    }
}
