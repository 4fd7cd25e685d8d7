/** Seed merchandise: prices in cents. Three featured, two out of stock. */
type ProductCategory = 'Apparel' | 'Accessories' | 'Books' | 'Journals' | 'Home';

export const seedProducts: { name: string; category: ProductCategory; price: number; isFeatured: boolean; inStock: boolean; colour: string; icon: string; description: string }[] = [
  { name: 'Better Self Classic Tee', category: 'Apparel', price: 2499, isFeatured: true, inStock: true, colour: '#4f46e5', icon: 'shirt',
    description: 'Soft ring-spun cotton tee with the Better Self mark on the chest. Relaxed fit, pre-shrunk.' },
  { name: 'Daily Intentions Journal', category: 'Journals', price: 1899, isFeatured: true, inStock: true, colour: '#d97706', icon: 'notebook-pen',
    description: 'A dated-free guided journal with a morning intention page and an evening reflection page for 90 days.' },
  { name: 'Focus Hoodie', category: 'Apparel', price: 4999, isFeatured: true, inStock: true, colour: '#0f766e', icon: 'shirt',
    description: 'Heavyweight fleece hoodie with a kangaroo pocket and "Small steps, every day" printed on the sleeve.' },
  { name: 'Habit Tracker Desk Pad', category: 'Accessories', price: 1499, isFeatured: false, inStock: true, colour: '#0891b2', icon: 'calendar-check',
    description: 'A tear-off monthly grid for tracking up to eight habits at a glance. 12 sheets.' },
  { name: 'Stainless Steel Water Bottle', category: 'Accessories', price: 2299, isFeatured: false, inStock: true, colour: '#2563eb', icon: 'glass-water',
    description: 'Double-walled 750 ml bottle that keeps water cold for 24 hours. Engraved with the studio logo.' },
  { name: 'The Small Steps Handbook', category: 'Books', price: 1599, isFeatured: false, inStock: true, colour: '#7c3aed', icon: 'book-open',
    description: 'Our paperback guide to building habits that last, with worksheets at the end of every chapter.' },
  { name: 'Calm Mind Mug', category: 'Home', price: 1299, isFeatured: false, inStock: true, colour: '#db2777', icon: 'coffee',
    description: 'A 350 ml stoneware mug with a breathing reminder printed inside the rim.' },
  { name: 'Trail Cap', category: 'Apparel', price: 2199, isFeatured: false, inStock: false, colour: '#65a30d', icon: 'cap',
    description: 'Lightweight, quick-dry cap with an adjustable strap, made for long days outside.' },
  { name: 'Budget Planner Workbook', category: 'Books', price: 1999, isFeatured: false, inStock: true, colour: '#059669', icon: 'calculator',
    description: 'Twelve months of budget pages, a debt payoff tracker and a savings goal chart.' },
  { name: 'Canvas Tote Bag', category: 'Accessories', price: 1799, isFeatured: false, inStock: true, colour: '#a16207', icon: 'shopping-bag',
    description: 'Sturdy natural canvas tote with an inside pocket. Big enough for a laptop and a lunch.' },
  { name: 'Gratitude Card Deck', category: 'Home', price: 1199, isFeatured: false, inStock: false, colour: '#e11d48', icon: 'heart-handshake',
    description: 'Fifty-two prompt cards, one for each week of the year, in a keepsake box.' },
  { name: 'Weekly Planner Notebook', category: 'Journals', price: 2099, isFeatured: false, inStock: true, colour: '#0369a1', icon: 'calendar-days',
    description: 'A lay-flat planner with a weekly spread, a priorities column and space for notes.' },
];
