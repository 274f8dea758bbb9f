-- Sample content for a fresh site: the one source for both `supabase db reset` and the app's first start
-- (lib/db/seed.ts runs it only while every content table is empty). Content only: no accounts, no roles.
-- Texts use custom dollar quotes ($md$, $html$, $t$) because they contain '$' and '$$' (mathematics).
-- Links point at example.com: the owner replaces them with real ones.

-- The sample owner: name, role line, affiliation, footer text, public e-mail, profile links and the header's mark.
insert into public.about_data (name, title, bio, image_url, skills, education, research_interests,
                               affiliation, footer_blurb, email, links, mark)
values (
  'Alex Morgan',
  'Mathematics PhD Student & Researcher',
  $t$I am a third-year PhD student in analytic number theory. My work sits where the distribution of prime numbers meets the spectral theory of automorphic forms: I study how zeros of L-functions control the way primes fall into arithmetic progressions and short intervals.

Before the PhD I worked on random graphs and their eigenvalues, and I still enjoy problems where a probabilistic model predicts an arithmetic answer. Much of my day is spent with pen and paper, the rest with Python and SageMath checking conjectures numerically before trying to prove them.

I teach undergraduate analysis and number theory tutorials, mentor summer research students, and write on this site about the mathematics I am learning. If you would like to talk about research, teaching or a collaboration, please get in touch.$t$,
  '/placeholder.svg',
  array['Analytic number theory', 'Spectral theory', 'Harmonic analysis', 'Probability', 'Python', 'SageMath', 'LaTeX', 'Teaching'],
  $json$[
    {"institution": "University of Edinburgh", "degree": "PhD", "field": "Mathematics", "startYear": 2023, "endYear": null},
    {"institution": "Imperial College London", "degree": "MSc", "field": "Pure Mathematics", "startYear": 2022, "endYear": 2023},
    {"institution": "University of Warwick", "degree": "BSc", "field": "Mathematics", "startYear": 2019, "endYear": 2022}
  ]$json$::jsonb,
  $json$[
    {"title": "Zeros of L-functions", "description": "Zero-density estimates and what they say about primes in short intervals and arithmetic progressions."},
    {"title": "Spectral graph theory", "description": "Eigenvalue gaps of Cayley graphs of finite groups and their use in sieve methods."},
    {"title": "Moments of L-functions", "description": "Averages of central values over families of quadratic twists and the conjectures of random matrix theory."}
  ]$json$::jsonb,
  'University of Edinburgh',
  'PhD student in mathematics working in analytic number theory: how the zeros of L-functions govern the way primes fall into arithmetic progressions and short intervals.',
  'alex.morgan@example.com',
  -- ORCID's documented example iD (a fictional researcher): a safe sample until the owner sets their own.
  $json$[
    {"kind": "github", "label": "", "url": "https://github.com/alex-morgan-math"},
    {"kind": "linkedin", "label": "", "url": "https://www.linkedin.com/in/alex-morgan-math"},
    {"kind": "scholar", "label": "", "url": "https://scholar.google.com/citations?user=alexmorgan"},
    {"kind": "orcid", "label": "", "url": "https://orcid.org/0000-0002-1825-0097"}
  ]$json$::jsonb,
  '∂'
);

insert into public.experience (title, company, location, start_date, end_date, description, highlights, technologies)
values
  (
    'Graduate Teaching Assistant',
    'University of Edinburgh, School of Mathematics',
    'Edinburgh, UK',
    '2023-09',
    null,
    'Tutor for second-year analysis and third-year number theory; marking, office hours and weekly problem classes.',
    array['Ran weekly tutorials for groups of 15 to 20 students', 'Wrote a problem sheet series on the Riemann zeta function adopted by the course', 'Nominated for a student-led teaching award in 2025'],
    array['LaTeX', 'Moodle', 'STACK']
  ),
  (
    'Quantitative Research Intern',
    'Northbridge Analytics',
    'London, UK',
    '2024-06',
    '2024-09',
    'Summer internship on statistical models for irregularly sampled time series.',
    array['Built a spectral estimator for unevenly spaced data', 'Cut a nightly model run from 40 to 6 minutes by vectorising the core loop'],
    array['Python', 'NumPy', 'pandas', 'SQL']
  ),
  (
    'Undergraduate Research Assistant',
    'University of Warwick, Mathematics Institute',
    'Coventry, UK',
    '2021-06',
    '2021-09',
    'Summer project on eigenvalues of random regular graphs under the supervision of the probability group.',
    array['Simulated spectra of graphs with up to a million vertices', 'Presented the results at the departmental undergraduate research day'],
    array['Python', 'SciPy', 'NetworkX']
  );

insert into public.projects (title, description, category, technologies, image, link, github, featured)
values
  (
    'L-function Explorer',
    'Interactive notebooks that compute zeros of Dirichlet L-functions and plot zero-counting functions against the Riemann–von Mangoldt formula.',
    'academic',
    array['Python', 'mpmath', 'Jupyter', 'Matplotlib'],
    '/placeholder.svg',
    'https://example.com/l-function-explorer',
    'https://github.com/example/l-function-explorer',
    true
  ),
  (
    'Cayley Graph Spectra',
    'A browser tool that draws Cayley graphs of small groups and shows their adjacency spectrum and spectral gap as generators change.',
    'web',
    array['TypeScript', 'React', 'D3.js', 'WebAssembly'],
    '/placeholder.svg',
    'https://example.com/cayley-spectra',
    'https://github.com/example/cayley-spectra',
    true
  ),
  (
    'Proof Flashcards',
    'A spaced-repetition app for the statements and key steps of theorems from first-year graduate courses.',
    'mobile',
    array['React Native', 'Expo', 'SQLite'],
    '/placeholder.svg',
    null,
    'https://github.com/example/proof-flashcards',
    false
  ),
  (
    'Seminar Notes Archive',
    'Typeset notes from the graduate number theory seminar, built automatically from LaTeX sources on every push.',
    'other',
    array['LaTeX', 'GitHub Actions', 'Pandoc'],
    '/placeholder.svg',
    'https://example.com/seminar-notes',
    null,
    true
  );

insert into public.research_papers (title, abstract, authors, date, journal, link, pdf_url, tags, status, kind)
values
  (
    'A zero-density estimate for Dirichlet L-functions in short intervals',
    $t$We prove that the number of zeros $\rho = \beta + i\gamma$ of Dirichlet $L$-functions $L(s, \chi)$ modulo $q$ with $\beta \geq \sigma$ and $|\gamma - T| \leq H$ is $\ll (qH)^{\frac{12}{5}(1 - \sigma)} (\log qT)^{C}$ for $H \geq T^{1/3}$. As an application we show that every interval $[x, x + x^{\theta}]$ with $\theta > 7/12$ contains the expected number of primes in each residue class modulo $q \leq (\log x)^{A}$.$t$,
    array['Alex Morgan', 'Priya Raman'],
    '2025-06-12',
    'Journal of Number Theory',
    'https://example.com/papers/zero-density-short-intervals',
    'https://example.com/papers/zero-density-short-intervals.pdf',
    array['number theory', 'L-functions', 'primes'],
    'published',
    'article'
  ),
  (
    'Spectral gaps of random Cayley graphs of SL(2, p)',
    $t$Let $S$ be a set of $k$ elements of $\mathrm{SL}_2(\mathbb{F}_p)$ chosen uniformly at random. We show that with probability $1 - O(p^{-1/2})$ the Cayley graph $\mathrm{Cay}(\mathrm{SL}_2(\mathbb{F}_p), S)$ has second eigenvalue at most $2\sqrt{2k - 1} + \varepsilon$, so it is almost Ramanujan, and we give an application to the affine sieve.$t$,
    array['Alex Morgan'],
    '2025-11-03',
    'arXiv preprint',
    'https://example.com/papers/random-cayley-spectral-gaps',
    null,
    array['spectral graph theory', 'expanders', 'random graphs'],
    'preprint',
    'preprint'
  ),
  (
    'The fourth moment of quadratic twists of modular L-functions',
    $t$For a fixed holomorphic newform $f$ we compute the fourth moment of $L(\tfrac12, f \otimes \chi_d)$ over fundamental discriminants $|d| \leq X$, obtaining an asymptotic with a power saving under the generalised Riemann hypothesis. The main term agrees with the prediction $X (\log X)^{6}$ of random matrix theory.$t$,
    array['Alex Morgan', 'Daniel Okafor', 'Priya Raman'],
    '2026-02-20',
    'Compositio Mathematica',
    null,
    null,
    array['number theory', 'L-functions', 'moments'],
    'submitted',
    'article'
  ),
  (
    'Equidistribution of primes in Bohr sets',
    $t$We study primes $p \leq x$ for which $p\alpha \bmod 1$ lies in a fixed interval for several irrationals $\alpha$ simultaneously, and show that their count is asymptotic to the expected density when the $\alpha$ have bounded partial quotients.$t$,
    array['Alex Morgan'],
    '2026-04-08',
    'In preparation',
    null,
    null,
    array['number theory', 'primes', 'equidistribution'],
    'draft',
    'article'
  );

insert into public.blog_posts (title, slug, excerpt, content, date, tags, cover_image)
values
  (
    'Why the Prime Number Theorem Still Surprises Me',
    'why-the-prime-number-theorem-still-surprises-me',
    'A theorem every student meets, and why its proof through the zeros of the zeta function still feels like magic.',
    $md$The prime number theorem says that the number of primes up to $x$, written $\pi(x)$, satisfies

$$
\pi(x) \sim \frac{x}{\log x} \quad (x \to \infty).
$$

Stated like that it sounds like a fact about counting. What still surprises me is that every proof I know secretly becomes a statement about a function of a *complex* variable.

## From primes to zeros

Euler's product $\zeta(s) = \prod_p (1 - p^{-s})^{-1}$ turns information about primes into information about $\zeta(s)$. Riemann's explicit formula goes the other way: the error in the prime number theorem is a sum over the zeros $\rho$ of $\zeta(s)$,

$$
\psi(x) = x - \sum_{\rho} \frac{x^{\rho}}{\rho} - \log 2\pi - \tfrac12 \log(1 - x^{-2}).
$$

So the theorem is *equivalent* to the absence of zeros on the line $\mathrm{Re}(s) = 1$.

## What I took from it

- Counting problems often become analytic problems in disguise.
- A qualitative statement (no zeros on a line) gives a quantitative one (an asymptotic).
- The Riemann hypothesis is, at heart, a statement about how regular the primes are.

I come back to this proof whenever my own research stalls: it is a reminder that the right change of viewpoint can make a hard problem tractable.$md$,
    '2025-03-14',
    array['number theory', 'analysis', 'expository'],
    '/placeholder.svg'
  ),
  (
    'Computing Zeros of the Zeta Function with Python',
    'computing-zeros-of-the-zeta-function-with-python',
    'A hands-on walk through locating the first zeros of the Riemann zeta function on the critical line with mpmath.',
    $md$# Computing zeros of the zeta function

Numerical experiments were how I first believed the Riemann hypothesis was plausible. This post shows how to find the first zeros on the critical line $\mathrm{Re}(s) = \tfrac12$ in a few lines of Python.

## The Hardy Z-function

On the critical line, $\zeta(\tfrac12 + it)$ is complex, but the Hardy function

$$
Z(t) = e^{i\theta(t)} \zeta\left(\tfrac12 + it\right)
$$

is real for real $t$, where $\theta(t)$ is the Riemann–Siegel theta function. A sign change of $Z(t)$ therefore pins down a zero.

## The code

```python
from mpmath import mp, siegelz, findroot

mp.dps = 30  # working precision in decimal digits

def zeros_up_to(t_max, step=0.1):
    zeros, t = [], 1.0
    while t < t_max:
        if siegelz(t) * siegelz(t + step) < 0:
            zeros.append(findroot(siegelz, (t, t + step), solver="bisect"))
        t += step
    return zeros

print(zeros_up_to(50))
```

## What to try next

1. Run the script and compare the first zero with $14.134725\ldots$.
2. Halve `step` and check that no zeros were missed.
3. Count the zeros up to height $T$ and compare with $\frac{T}{2\pi} \log \frac{T}{2\pi e}$.

A few things to keep in mind:

- Sign changes only find zeros of odd multiplicity; all known zeros are simple.
- Higher precision costs time: raise `mp.dps` only when the zeros get close together.
- For heights beyond $10^6$ use the Odlyzko–Schönhage algorithm instead.$md$,
    '2025-07-02',
    array['number theory', 'python', 'computation'],
    '/placeholder.svg'
  ),
  (
    'Notes from My First Conference Talk',
    'notes-from-my-first-conference-talk',
    'Twenty minutes, forty slides too many, and what I would do differently next time.',
    $md$Last month I gave my first contributed talk, on zero-density estimates, at a number theory conference. Here is what I learned.

## Before the talk

- Cut the slides in half, then cut them again. I started with 40 and finished with 14.
- State the main theorem on slide two. People decide in the first minutes whether to follow you.
- Practise with a timer, out loud, in front of at least one person who will be honest.

## During the talk

The audience cared much less about the proof than about *why* the exponent $\frac{12}{5}$ appears. One picture of the zero-detecting polynomial did more than five slides of estimates.

## Afterwards

Two conversations at the coffee break turned into a new question I am now working on. That alone was worth the nerves.$md$,
    '2025-10-21',
    array['academia', 'phd life', 'number theory'],
    null
  ),
  (
    'A Gentle Introduction to Spectral Graph Theory',
    'a-gentle-introduction-to-spectral-graph-theory',
    'How the eigenvalues of a matrix tell you whether a graph is well connected.',
    $md$Take a $d$-regular graph $G$ on $n$ vertices and its adjacency matrix $A$. Its eigenvalues $d = \lambda_1 \geq \lambda_2 \geq \cdots \geq \lambda_n$ say a surprising amount about $G$.

## The spectral gap

The quantity $d - \lambda_2$ is the *spectral gap*. Cheeger's inequality relates it to the edge expansion $h(G)$:

$$
\frac{d - \lambda_2}{2} \leq h(G) \leq \sqrt{2d(d - \lambda_2)}.
$$

A large gap means every set of vertices has many edges leaving it: the graph is an *expander*.

## Why a number theorist cares

- Random walks on expanders mix quickly, which powers sieve methods on groups.
- Cayley graphs of $\mathrm{SL}_2(\mathbb{F}_p)$ form expander families, a deep result of Bourgain and Gamburd.
- The Alon–Boppana bound $\lambda_2 \geq 2\sqrt{d-1} - o(1)$ explains why Ramanujan graphs are optimal.

In a later post I will show how to compute these spectra numerically for small groups.$md$,
    '2026-01-15',
    array['spectral graph theory', 'linear algebra', 'expository'],
    '/placeholder.svg'
  );

insert into public.personal_posts (title, content, date, type, image_urls)
values
  (
    'Hiking Arthur''s Seat Before a Deadline',
    $html$<p>The night before a submission deadline I gave up on a stubborn inequality and walked up Arthur's Seat instead.</p><p>Somewhere near the top I realised I had been bounding the wrong sum. The fix took ten minutes the next morning. I am keeping this as a reminder that <strong>walking away</strong> is sometimes the fastest way forward.</p>$html$,
    '2025-05-18',
    'story',
    array['/placeholder.svg', '/placeholder.svg']
  ),
  (
    'Third Year, First Week',
    $html$<p>A quick update as the third year of the PhD begins:</p><ul><li>The zero-density paper has been accepted.</li><li>I am tutoring number theory again this term.</li><li>Next up: finishing the fourth-moment project with Daniel and Priya.</li></ul>$html$,
    '2025-09-22',
    'update',
    null
  ),
  (
    'On Asking Naive Questions',
    $html$<p>The most useful question in our reading group this year was one I almost did not ask because it sounded too basic. It turned out nobody in the room knew the answer.</p><p><em>Asking the naive question is a service to everyone else who was wondering.</em></p>$html$,
    '2026-03-05',
    'thought',
    null
  );

-- The CV's own rows (/cv, /cv.pdf, /cv.json): honours and service, in the order the CV lists them within each
-- section. The talks and the courses taught are their own content (below).
insert into public.cv_entries (category, start_date, end_date, title, place, url, description, position)
values
  ('award', '2025', null, 'Best Student Paper Prize', 'British Mathematical Colloquium', null, 'For "Zero-density estimates for Dirichlet $L$-functions in short intervals".', 0),
  ('award', '2023', '2027', 'EPSRC Doctoral Studentship', 'University of Edinburgh', null, 'Full funding for doctoral study in analytic number theory.', 1),
  ('award', '2022', null, 'Distinction and Departmental Prize', 'Imperial College London', null, 'Top mark in the MSc in Pure Mathematics.', 2),
  ('service', '2024', '2026', 'Organiser, Number Theory Study Group', 'University of Edinburgh', null, 'Weekly graduate reading seminar.', 7),
  ('service', '2025', null, 'Referee', 'Journal of Number Theory', null, 'One report.', 8);

-- The talks (/talks, each talk's page, the CV's Talks section). Fixed dates, as every sample row has (the sample
-- is recognised by its content: lib/db/sample-content.ts), and no paper: a row that names another table's row
-- would stop being the sample's when that row goes.
insert into public.talks (title, event_name, event_url, start_date, end_date, start_time, end_time, time_zone, kind, attendance, venue, city, country, place_id, lat, lng, abstract, slides_url, video_url, paper_id, note)
values
  (
    'Moments of $\zeta(s)$ on the critical line',
    'Analytic Number Theory Seminar',
    null,
    '2026-03-12', null, '16:00', '17:00', 'Europe/London',
    'seminar', 'in-person',
    'Mathematical Institute, University of Oxford', 'Oxford', 'GB', 2640729, 51.75222, -1.25596,
    $t$An introduction to the moments $\int_0^T |\zeta(\tfrac12 + it)|^{2k}\,dt$: what is proved for $k = 1, 2$, what random matrix theory predicts beyond, and recent progress on upper bounds of the right order.$t$,
    null, null, null,
    'Invited seminar talk.'
  ),
  (
    'Primes in short intervals and zero-density estimates',
    'Journées Arithmétiques',
    'https://example.org/ja2025',
    '2025-07-07', '2025-07-11', null, null, null,
    'contributed', 'in-person',
    'Université Claude Bernard Lyon 1', 'Lyon', 'FR', 2996944, 45.74846, 4.84671,
    $t$How a zero-density estimate for Dirichlet $L$-functions in short intervals gives primes in every interval $[x, x + x^{\theta}]$ with $\theta > 7/12$ in each residue class to a small modulus.$t$,
    null, null, null,
    'Contributed talk.'
  ),
  (
    'Zeros of $L$-functions near the critical line',
    'Number Theory Day',
    null,
    '2027-05-20', null, '14:00', '15:00', 'Europe/London',
    'invited', 'hybrid',
    'School of Mathematics, University of Edinburgh', 'Edinburgh', 'GB', 2650225, 55.95206, -3.19648,
    $t$A survey of what zero-density estimates say about primes, with a new bound for zeros near $\sigma = 1$.$t$,
    null, null, null,
    ''
  );

-- The courses (/teaching, each course's page, the CV's Teaching section). Fixed dates, as every sample row has
-- (the sample is recognised by its content: lib/db/sample-content.ts), and no stored file: a material names an
-- example address, so the sample holds nothing the media library would have to keep.
insert into public.courses (title, code, institution, role, level, start_date, end_date, terms, description, material_labels, material_urls, has_page, note)
values
  (
    'Number Theory',
    'MATH10071',
    'University of Edinburgh',
    'tutor',
    'Undergraduate, third year',
    '2023', '2026',
    array['Autumn 2023', 'Autumn 2024', 'Autumn 2025'],
    $c$Divisibility and primes, congruences and the Chinese remainder theorem, quadratic reciprocity, and a first look at the distribution of primes: why $\pi(x) \sim x / \log x$ is believable long before it is proved.

I run the weekly workshops: about 40 students in groups of eight, working through the problem sheet together.$c$,
    array['Problem sheets'],
    array['https://example.org/math10071/problem-sheets'],
    true,
    'Weekly workshops for about 40 third-year students.'
  ),
  (
    'Complex Analysis',
    '',
    'University of Edinburgh',
    'teaching-assistant',
    'Undergraduate, second year',
    '2024', null,
    array['Spring 2024'],
    $c$Holomorphic functions, Cauchy's theorem and the residue theorem, with contour integrals such as $\int_{-\infty}^{\infty} \frac{dx}{1 + x^2} = \pi$.$c$,
    '{}', '{}',
    true,
    'Marking and office hours.'
  );
