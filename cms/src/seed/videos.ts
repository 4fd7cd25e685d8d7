/** Seed videos standing in for the channel until a YouTube key is configured. */
export const seedVideos = [
  { externalId: 'bss0001morn', title: 'A Ten-Minute Morning Reset', duration: '10:12', views: 18240, description: 'A short routine to start the day with intention: water, light, movement and one written priority.' },
  { externalId: 'bss0002conf', title: 'Speaking Up in Meetings', duration: '08:45', views: 9650, description: 'Three phrases that help you add your view without apologising for it, practised out loud.' },
  { externalId: 'bss0003budg', title: 'Your First Zero-Based Budget', duration: '14:30', views: 22310, description: 'We build a real monthly budget together, line by line, and give every dollar a job.' },
  { externalId: 'bss0004sleep', title: 'Wind-Down Routine for Better Sleep', duration: '07:05', views: 15400, description: 'How to build the last hour of your evening so sleep comes easier, without expensive gadgets.' },
  { externalId: 'bss0005angr', title: 'The Pause Between Trigger and Reaction', duration: '09:58', views: 7420, description: 'A practical walkthrough of the STOP technique with everyday examples from work and home.' },
  { externalId: 'bss0006plan', title: 'Weekly Planning in 20 Minutes', duration: '12:20', views: 11875, description: 'Plan the week on Sunday: review, choose three outcomes, block time and leave room for surprises.' },
  { externalId: 'bss0007hike', title: 'Packing a Day Hike Bag', duration: '06:40', views: 5310, description: 'The ten essentials explained, what to leave at home, and how to pack so the weight sits right.' },
  { externalId: 'bss0008cook', title: 'Three Dinners from One Grocery Trip', duration: '15:02', views: 13090, description: 'One shopping list, three weeknight meals, minimal waste. Follow along in your own kitchen.' },
  { externalId: 'bss0009jrnl', title: 'Journaling Prompts That Actually Help', duration: '05:55', views: 8760, description: 'Five prompts that turn a blank page into clearer thinking, plus how to keep the habit going.' },
  { externalId: 'bss0010debt', title: 'Snowball or Avalanche? Paying Off Debt', duration: '11:18', views: 16630, description: 'Both methods compared with real numbers, so you can pick the one you will stick with.' },
  { externalId: 'bss0011trvl', title: 'Carry-On Only: A Week in One Bag', duration: '09:33', views: 6980, description: 'A capsule packing list and the folding method that fits a full week into one small bag.' },
  { externalId: 'bss0012mind', title: 'Two-Minute Breathing for Busy Days', duration: '04:10', views: 19875, description: 'Box breathing guided in real time. Use it before calls, after conflict, or whenever you need a reset.' },
];
