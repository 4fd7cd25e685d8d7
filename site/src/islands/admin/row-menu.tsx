import * as Menu from '@radix-ui/react-dropdown-menu';

/** A table row's actions behind one "…" button (Radix: keyboard and focus handled). */
export function RowMenu({ label, items }: { label: string; items: { label: string; onSelect: () => void; danger?: boolean }[] }) {
  return (
    <Menu.Root modal={false}>
      <Menu.Trigger className="rounded-md px-2 py-1 text-lg leading-none text-slate-600 hover:bg-slate-100" aria-label={label}>⋯</Menu.Trigger>
      <Menu.Portal>
        <Menu.Content align="end" sideOffset={4} className="z-50 min-w-44 rounded-md border border-slate-200 bg-white p-1 shadow-lg">
          {items.map((item) => (
            <Menu.Item key={item.label} onSelect={item.onSelect}
              className={`cursor-pointer rounded px-3 py-2 text-sm outline-none data-[highlighted]:bg-slate-100 ${item.danger ? 'text-red-700' : 'text-slate-800'}`}>
              {item.label}
            </Menu.Item>
          ))}
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
