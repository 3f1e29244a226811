/** The demo data set of `npm run seed:demo`: realistic people, opportunities and comments. */

export const DEMO_EMAIL_DOMAIN = 'demo.assay.test';
export const DEMO_PASSWORD = 'demo-password';

export const DEMO_REVIEWERS: Array<{ name: string; displayName?: string; isActive?: boolean }> = [
  { name: 'Amara Okafor', displayName: 'Amara' },
  { name: 'Benjamin Hartley' },
  { name: 'Chen Wei', displayName: 'Wei' },
  { name: 'Daniela Rossi' },
  { name: 'Elias Lindqvist', displayName: 'Eli' },
  { name: 'Fatima Al-Sayed' },
  { name: 'Gabriel Moreau' },
  { name: 'Hannah Schmidt', displayName: 'Hanna S.' },
  { name: 'Ishaan Mehta' },
  { name: 'Julia Novak' },
  { name: 'Kwame Mensah', displayName: 'Kwame' },
  // An inactive account shows the Activate action and does not count towards completion.
  { name: 'Lucia Fernandez', isActive: false },
];

export const DEMO_BATCHES = ['Spring 2025 Cohort', 'Summer 2025 Cohort', 'Autumn 2025 Cohort'];

export const DEMO_OPPORTUNITIES: Array<{ title: string; description: string; tags: string[] }> = [
  {
    title: 'Solar-powered desalination for coastal villages',
    description:
      'Modular units that turn seawater into drinking water using only solar heat, sized for communities of 500 to 5,000 people.',
    tags: ['water', 'solar', 'infrastructure'],
  },
  {
    title: 'Battery passport for EV supply chains',
    description:
      'A digital record that follows each battery pack from mine to recycler, meeting the coming EU battery regulation.',
    tags: ['mobility', 'traceability', 'regulation'],
  },
  {
    title: 'Enzymatic recycling of PET textiles',
    description:
      'Engineered enzymes break polyester clothing back into monomers at low temperature, closing the loop for fast fashion.',
    tags: ['circularity', 'materials', 'biotech'],
  },
  {
    title: 'Precision irrigation with soil-moisture mesh',
    description:
      'Cheap wireless probes and a scheduling service that cut farm water use by a third without yield loss.',
    tags: ['agriculture', 'water', 'iot'],
  },
  {
    title: 'Green hydrogen for fertiliser plants',
    description:
      'Replacing grey hydrogen in ammonia production with electrolysis at existing fertiliser sites.',
    tags: ['hydrogen', 'chemicals', 'decarbonisation'],
  },
  {
    title: 'Heat pumps for multi-storey retrofits',
    description:
      'A packaged heat-pump system that fits existing radiator networks in 1960s apartment blocks.',
    tags: ['buildings', 'heat', 'retrofit'],
  },
  {
    title: 'Low-carbon cement from calcined clay',
    description:
      'Limestone calcined clay cement that halves clinker content using clays available in most regions.',
    tags: ['materials', 'construction', 'decarbonisation'],
  },
  {
    title: 'Cold-chain monitoring for vaccines',
    description:
      'Battery-free temperature tags and a shared dashboard for last-mile vaccine delivery.',
    tags: ['health', 'logistics', 'iot'],
  },
  {
    title: 'Direct air capture with passive contactors',
    description:
      'Sorbent panels that use wind instead of fans to pull CO2 from the air at lower energy cost.',
    tags: ['carbon removal', 'climate'],
  },
  {
    title: 'Second-life EV batteries for grid storage',
    description:
      'Grading and repackaging retired car batteries into containerised storage for solar parks.',
    tags: ['energy storage', 'circularity', 'mobility'],
  },
  {
    title: 'Plant-based protein from fava beans',
    description:
      'A dry fractionation process producing a neutral-tasting protein concentrate from European-grown fava beans.',
    tags: ['food', 'agriculture'],
  },
  {
    title: 'Smart-meter analytics for small businesses',
    description:
      'Turning half-hourly meter data into plain-language savings advice for shops and restaurants.',
    tags: ['energy efficiency', 'software'],
  },
  {
    title: 'Offshore wind blade recycling',
    description:
      'Pyrolysis that recovers glass fibre from decommissioned blades for reuse in composites.',
    tags: ['wind', 'circularity', 'materials'],
  },
  {
    title: 'Urban micro-logistics hubs',
    description:
      'Shared consolidation points with cargo bikes for the last kilometre of parcel delivery.',
    tags: ['mobility', 'cities', 'logistics'],
  },
  {
    title: 'Algae-based aquaculture feed',
    description:
      'Omega-3 rich microalgae replacing fish oil in salmon feed, grown on industrial CO2.',
    tags: ['food', 'biotech', 'oceans'],
  },
  {
    title: 'Predictive maintenance for water networks',
    description: 'Acoustic sensors and machine learning that find pipe leaks before they burst.',
    tags: ['water', 'ai', 'infrastructure'],
  },
  {
    title: 'Sodium-ion cells for stationary storage',
    description:
      'Cobalt- and lithium-free cells for home and commercial storage where weight does not matter.',
    tags: ['energy storage', 'materials'],
  },
  {
    title: 'Regenerative grazing verification',
    description:
      'Satellite and soil sampling to verify carbon gains from managed grazing for offset buyers.',
    tags: ['agriculture', 'carbon removal', 'remote sensing'],
  },
  {
    title: 'Reusable packaging pooling network',
    description:
      'A deposit-based pool of returnable containers shared by grocery brands and retailers.',
    tags: ['circularity', 'retail'],
  },
  {
    title: 'Geothermal heat for district networks',
    description:
      'Medium-depth geothermal wells feeding low-temperature district heating in mid-size towns.',
    tags: ['heat', 'geothermal', 'cities'],
  },
  {
    title: 'Bio-based insulation from hemp',
    description: 'Hemp fibre insulation boards with fire performance equal to mineral wool.',
    tags: ['buildings', 'materials', 'agriculture'],
  },
  {
    title: 'AI triage for remote clinics',
    description:
      'A decision-support app that helps community health workers prioritise referrals offline.',
    tags: ['health', 'ai'],
  },
  {
    title: 'Electric retrofit kits for delivery vans',
    description:
      'Bolt-in electric drivetrains that convert diesel vans in two days at half the cost of new.',
    tags: ['mobility', 'retrofit'],
  },
  {
    title: 'Food-waste to biogas for supermarkets',
    description: 'Containerised digesters that turn store food waste into heat and power on site.',
    tags: ['food', 'energy', 'circularity'],
  },
  {
    title: 'Green steel via hydrogen direct reduction',
    description:
      'A pilot replacing coking coal with hydrogen for iron ore reduction at an existing mill.',
    tags: ['hydrogen', 'steel', 'decarbonisation'],
  },
  {
    title: 'Peer-to-peer solar sharing',
    description:
      'Software letting neighbours trade rooftop solar surplus inside a local energy community.',
    tags: ['solar', 'software', 'communities'],
  },
  {
    title: 'Biodegradable fishing gear',
    description: 'Nets and traps that degrade after loss at sea, ending ghost fishing.',
    tags: ['oceans', 'materials'],
  },
  {
    title: 'Air-quality sensing for schools',
    description: 'Classroom CO2 and particle monitors with ventilation prompts for teachers.',
    tags: ['health', 'buildings', 'iot'],
  },
  {
    title: 'Tidal stream turbines for islands',
    description: 'Small tidal turbines to replace diesel generation on island grids.',
    tags: ['marine energy', 'islands'],
  },
  {
    title: 'Carbon accounting for SME supply chains',
    description:
      'Automated scope 3 estimates from purchase ledgers for small suppliers of large buyers.',
    tags: ['software', 'climate', 'reporting'],
  },
];

export const DEMO_COMMENTS = {
  howToBiggerBetter: [
    'Partner with a utility early so the pilot can scale into their network.',
    'Bundle a financing offer: the upfront cost is the main barrier for customers.',
    'Target export markets in Southeast Asia where the need is most acute.',
    'Open the data platform to third parties to build an ecosystem around it.',
    'License the core process instead of building every plant ourselves.',
    'Combine with our existing service contracts to reach customers faster.',
  ],
  challenges: [
    'Unit economics depend heavily on subsidies that may not last.',
    'The technology has only been shown at lab scale so far.',
    'Incumbents control the distribution channels.',
    'Permitting timelines could delay the first installation by a year or more.',
    'Customer willingness to pay is unproven.',
    'Supply of key raw materials is concentrated in a few countries.',
  ],
  howToGetGoing: [
    'Run a six-month pilot with one anchor customer.',
    'Hire a commercial lead with sector experience first.',
    'Apply for the innovation grant to fund the demonstrator.',
    'Start with a market study in two target countries.',
    'Form a joint venture with the research group that owns the patents.',
  ],
  otherComments: [
    'Strong team; the timing looks right.',
    'Interesting, but I would like to see more evidence on demand.',
    'Fits our strategy well.',
    'Could be combined with another opportunity in this batch.',
    '',
  ],
};
