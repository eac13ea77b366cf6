// `driverport` with the commands' test hooks (CommandHooks) set from its own arguments: the crash-safety tests run
// it to kill or stop a command at a known point. The `driverport` product has no hooks and reads no test
// environment; this executable lives under Tests/ and is never a product.
//
//   driverport-test-hooks [--kill-at POINT] [--stop-at POINT] [--pause-at POINT] [--delay-ms N] COMMAND [ARGUMENTS]
import DriverPortCLI
import Foundation

DriverPortMain.removeScratchOnTerminatingSignals()
let console = Console.standard()
guard let parsed = TestHookOptions.parse(Array(CommandLine.arguments.dropFirst())) else {
    console.error(TestHookOptions.usage)
    exit(ExitCode.usage.rawValue)
}
let code = DriverPortMain.runProcess(
    parsed.command, console: console, environment: ProcessInfo.processInfo.environment, hooks: parsed.options.hooks
)
DriverPortMain.exitProcess(code)
