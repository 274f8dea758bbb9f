import { Link } from '@/components/link';

import { Building2, CalendarDays, Download, ExternalLink } from '@/components/site/icons';
import { CourseDescription } from '@/components/site/stored-markup';
import { Badge } from '@/components/ui/badge';
import { courseDates, coursePath } from '@/lib/content/courses/rules';
import { COURSE_ROLE_LABELS, type Course, type CourseMaterial } from '@/lib/content/courses/types';
import { texToText } from '@/lib/cv/tex-text';

/** A material's link: a stored file opens here, another site's address in a new tab. */
export function MaterialLinks({ materials, label }: { materials: CourseMaterial[]; label: string }) {
  return (
    <ul aria-label={label} className="flex flex-wrap gap-x-5 gap-y-1 text-sm">
      {materials.map((material, index) => {
        const stored = material.url.startsWith('/');
        return (
          <li key={`${index}-${material.url}`}>
            <a
              href={material.url}
              className="inline-flex items-center gap-1.5 font-medium text-primary hover:underline"
              {...(stored ? {} : { target: '_blank', rel: 'noopener noreferrer' })}
            >
              {stored ? <Download aria-hidden="true" className="size-4" /> : <ExternalLink aria-hidden="true" className="size-4" />}
              {material.label}
            </a>
          </li>
        );
      })}
    </ul>
  );
}

/** A course's facts in one line: when (its dates and terms), where, at what level. */
export function CourseFacts({ course }: { course: Course }) {
  return (
    <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
      <span className="inline-flex items-center gap-1.5">
        <CalendarDays aria-hidden="true" className="size-4" />
        <time dateTime={course.start}>{courseDates(course)}</time>
        {course.terms.length > 0 ? <span>{`· ${course.terms.join(', ')}`}</span> : null}
      </span>
      {course.institution ? (
        <span className="inline-flex items-center gap-1.5">
          <Building2 aria-hidden="true" className="size-4" />
          {course.institution}
        </span>
      ) : null}
      {course.level ? <span>{course.level}</span> : null}
    </p>
  );
}

/**
 * One course on /teaching: its role and code, its title (a link to its page when it has one), when, where and
 * at what level, its materials; a course with no page of its own shows its description here instead.
 */
export function CourseItem({ course, headingLevel = 3 }: { course: Course; headingLevel?: 3 | 4 }) {
  const Heading = headingLevel === 4 ? 'h4' : 'h3';
  const path = coursePath(course);
  const title = texToText(course.title);
  return (
    <article id={course.id} aria-labelledby={`course-${course.id}-title`} className="flex flex-col gap-2 border-b border-border py-5 last:border-b-0">
      {course.role || course.code ? (
        <div className="flex flex-wrap items-center gap-2">
          {course.role ? (
            <Badge variant="outline" className="text-muted-foreground">
              {COURSE_ROLE_LABELS[course.role]}
            </Badge>
          ) : null}
          {course.code ? <span className="font-mono text-sm text-foreground/85">{course.code}</span> : null}
        </div>
      ) : null}
      <Heading id={`course-${course.id}-title`} className="font-serif text-xl font-semibold tracking-tight">
        {path ? (
          <Link href={path} className="hover:text-primary hover:underline">
            {title}
          </Link>
        ) : (
          title
        )}
      </Heading>
      <CourseFacts course={course} />
      {path ? null : <CourseDescription id={course.id} look="list" />}
      {course.materials.length > 0 ? <MaterialLinks materials={course.materials} label={`Materials of ${title}`} /> : null}
    </article>
  );
}
