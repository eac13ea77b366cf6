import FileLifecycle
import MMEXFiles
import SQLiteCipher

/// Points inside a command's run where its caller can step in: what the crash-safety tests use to stop or kill a
/// command at a known moment, or to slow it down so that random kills land mid-way.
///
/// Configuration, not environment: the `driverport` executable runs every command with none (``init()``), so the
/// product has no way to be steered from outside. The tests' own executable (`driverport-test-hooks`, under
/// Tests/) runs the same commands through ``DriverPortMain/runProcess(_:console:environment:hooks:)`` with hooks it
/// builds from its arguments. A hook runs synchronously on the command's thread, at the point it names, and must
/// not change what the command writes.
package struct CommandHooks: Sendable {
    /// A point a command reaches.
    package enum Point: Sendable, CustomStringConvertible {
        /// `rekey` begins a step of its copy (`copying`, `verifying`, `replacing`).
        case rekey(CopyProgress.Phase)
        /// `relocate` crosses a step boundary (``FileLifecycle/RelocationStep``'s names: `decided`, `mainMoved`, ...).
        case relocation(RelocationStep)
        /// `upgrade` reaches a phase (`backup`, `applied:N`, `committed:N`, `verified`).
        case upgrade(MMEXUpgrader.Phase)

        /// The point's name, as above.
        package var description: String {
            switch self {
            case .rekey(let phase):
                switch phase {
                case .copying: "copying"
                case .verifying: "verifying"
                case .replacing: "replacing"
                }
            case .relocation(let step): step.rawValue
            case .upgrade(let phase): phase.description
            }
        }
    }

    /// Called at every point a command reaches; `nil`: no hook (the commands then do not even look for one).
    package var reached: (@Sendable (Point) -> Void)?

    /// No hooks: how `driverport` runs its commands.
    package init() {}

    /// `reached` at every point a command reaches.
    package init(reached: @escaping @Sendable (Point) -> Void) {
        self.reached = reached
    }
}
